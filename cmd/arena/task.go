package main

import (
	"fmt"
	"os"

	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) taskCmd() *cobra.Command {
	c := &cobra.Command{Use: "task", Short: "Post tasks"}
	c.AddCommand(a.taskPostCmd(), a.taskTopUpCmd(), a.taskExtendCmd(), a.taskWithdrawCmd(), a.taskReplaceCmd())
	c.AddCommand(a.taskAskCmd(), a.taskAnswerCmd())
	return c
}

func (a *app) taskPostCmd() *cobra.Command {
	var title, spec, specFile, rubric, rubricFile, prize, closesIn, revealIn, shares string
	var sealed, copyBase bool
	var template, templateFile string
	c := &cobra.Command{
		Use:   "post --title T (--spec S | --spec-file F) (--rubric R | --rubric-file F) --prize N --closes-in D",
		Short: "Post a task; the prize goes into escrow until the task settles",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sp, err := textOrFile("spec", spec, specFile)
			if err != nil {
				return err
			}
			ru, err := textOrFile("rubric", rubric, rubricFile)
			if err != nil {
				return err
			}
			amt, err := parseAmount(prize)
			if err != nil {
				return fmt.Errorf("--prize: %w", err)
			}
			secs, err := parseSeconds(closesIn)
			if err != nil {
				return fmt.Errorf("--closes-in: %w", err)
			}
			body := ledger.PostTask{Title: title, Spec: sp, Rubric: ru, ClosesInS: secs, Sealed: sealed, CopyBase: copyBase}
			if body.Shares, err = parseShares(shares); err != nil {
				return fmt.Errorf("--shares: %w", err)
			}
			if template != "" || templateFile != "" {
				if body.Template, err = textOrFile("template", template, templateFile); err != nil {
					return err
				}
			}
			if sealed {
				if body.RevealS, err = parseSeconds(revealIn); err != nil {
					return fmt.Errorf("--reveal-in: %w", err)
				}
			}
			rc, err := a.send(cmd.Context(), amt, body)
			if err != nil {
				return err
			}
			human := fmt.Sprintf("posted task %d, prize %s", rc.Outcome.Created, formatAmount(amt))
			if len(body.Shares) > 1 {
				human += fmt.Sprintf(", paid by rank %s", shares)
			}
			if sealed {
				human += fmt.Sprintf(", sealed: entries are revealed within %s of close", revealIn)
			}
			if body.CopyBase || body.Template != "" {
				human += "; the copy check leaves out the spec, rubric and template"
			}
			return a.printReceipt(rc, human)
		},
	}
	f := c.Flags()
	f.StringVar(&title, "title", "", "task title")
	f.StringVar(&spec, "spec", "", "what is asked, in plain language")
	f.StringVar(&specFile, "spec-file", "", "read the spec from a file")
	f.StringVar(&rubric, "rubric", "", "the rubric, one criterion per sentence or line")
	f.StringVar(&rubricFile, "rubric-file", "", "read the rubric from a file")
	f.StringVar(&prize, "prize", "", `prize in whole units ("200", "0.5") or "atto:N"`)
	f.StringVar(&closesIn, "closes-in", "7d", `time until submissions close ("90s", "6h", "7d")`)
	f.BoolVar(&sealed, "sealed", false, "sealed entries: solvers commit before close and reveal after it")
	f.StringVar(&revealIn, "reveal-in", "1d", "a sealed task's reveal window after close")
	f.StringVar(&shares, "shares", "", `the prize by rank in basis points summing to 10000, first place first ("6000,3000,1000"); none: one winner`)
	f.BoolVar(&copyBase, "copy-base", false, "leave the spec's and rubric's words out of the copy check")
	f.StringVar(&template, "template", "", "text every entrant is handed, left out of the copy check (implies --copy-base)")
	f.StringVar(&templateFile, "template-file", "", "read the template from a file")
	c.MarkFlagRequired("title")
	c.MarkFlagRequired("prize")
	c.MarkFlagsMutuallyExclusive("spec", "spec-file")
	c.MarkFlagsMutuallyExclusive("rubric", "rubric-file")
	c.MarkFlagsMutuallyExclusive("template", "template-file")
	return c
}

// textOrFile returns text, or the contents of file when it is named.
func textOrFile(name, text, file string) (string, error) {
	if file == "" {
		if text == "" {
			return "", fmt.Errorf("give --%s or --%s-file", name, name)
		}
		return text, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("read --%s-file: %w", name, err)
	}
	return string(b), nil
}
