package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

func (a *app) tenderAskCmd() *cobra.Command {
	var question string
	c := &cobra.Command{
		Use:   "ask TENDER --question TEXT",
		Short: "Put a public question to a tender's buyer while its commit window is open",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := tenderArg(args)
			if err != nil {
				return err
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, tender.Ask{Tender: id, Question: question})
			if err != nil {
				return err
			}
			human := fmt.Sprintf("asked on tender %d", id)
			if n := rc.Outcome.Created; n != 0 {
				human = fmt.Sprintf("asked question %d on tender %d", n, id)
			}
			return a.printReceipt(rc, human)
		},
	}
	c.Flags().StringVar(&question, "question", "", "the question, 10 to 400 characters")
	c.MarkFlagRequired("question")
	return c
}

func (a *app) tenderAnswerCmd() *cobra.Command {
	var question int
	var reply string
	c := &cobra.Command{
		Use:   "answer TENDER --question N --reply TEXT",
		Short: "Answer a question on your tender, once and for good, while its commit window is open",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := tenderArg(args)
			if err != nil {
				return err
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, tender.Answer{Tender: id, Question: question, Reply: reply})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("answered question %d on tender %d", question, id))
		},
	}
	c.Flags().IntVar(&question, "question", 0, "the question's number on the tender, from 1")
	c.Flags().StringVar(&reply, "reply", "", "the answer, 1 to 800 characters")
	c.MarkFlagRequired("question")
	c.MarkFlagRequired("reply")
	return c
}
