package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
)

func (a *app) taskAskCmd() *cobra.Command {
	var task uint64
	var question string
	c := &cobra.Command{
		Use:   "ask --task N --question TEXT",
		Short: "Put a public question to a task's sponsor before the task closes; anyone may",
		Long: "Put a public question to a task's sponsor before the task closes.\n\n" +
			"Anyone may ask, the sponsor too: 10 to 400 characters, at most 3 questions from one\n" +
			"address and 32 on one task. The question and its block time are public on the board\n" +
			"and in arena show task; the sponsor answers it once with arena task answer. Neither\n" +
			"changes the task's rubric.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.AskQuestion{Task: ledger.TaskID(task), Question: question})
			if err != nil {
				return err
			}
			human := fmt.Sprintf("asked on task %d", task)
			if n := rc.Outcome.Created; n != 0 {
				human = fmt.Sprintf("asked question %d on task %d", n, task)
			}
			return a.printReceipt(rc, human)
		},
	}
	c.Flags().Uint64Var(&task, "task", 0, "task id")
	c.Flags().StringVar(&question, "question", "", "the question, 10 to 400 characters")
	c.MarkFlagRequired("task")
	c.MarkFlagRequired("question")
	return c
}

func (a *app) taskAnswerCmd() *cobra.Command {
	var task uint64
	var question int
	var reply string
	c := &cobra.Command{
		Use:   "answer --task N --question N --reply TEXT",
		Short: "Answer a question on your task, once and for good, before the task closes",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.AnswerQuestion{Task: ledger.TaskID(task), Question: question, Reply: reply})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("answered question %d on task %d", question, task))
		},
	}
	c.Flags().Uint64Var(&task, "task", 0, "task id")
	c.Flags().IntVar(&question, "question", 0, "the question's number on the task, from 1")
	c.Flags().StringVar(&reply, "reply", "", "the answer, 1 to 800 characters")
	c.MarkFlagRequired("task")
	c.MarkFlagRequired("question")
	c.MarkFlagRequired("reply")
	return c
}
