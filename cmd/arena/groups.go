package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// refuseStrays makes every command group under c (c included) refuse to run without
// one of its commands: an unknown one is refused as cobra refuses one at the root, with
// its suggestions, and a missing one names the commands there are. Without this a group
// prints its help and exits 0, so a typo in a script passes unnoticed.
func refuseStrays(c *cobra.Command) {
	if !c.HasParent() {
		// A group runs only to refuse: its usage names its commands, never itself alone.
		c.SetUsageTemplate(strings.Replace(c.UsageTemplate(), "Usage:{{if .Runnable}}", "Usage:{{if and .Runnable (not .HasAvailableSubCommands)}}", 1))
	}
	if c.HasSubCommands() && !c.Runnable() {
		c.Args = unknownCommand
		c.RunE = missingCommand
	}
	for _, s := range c.Commands() {
		refuseStrays(s)
	}
}

// unknownCommand refuses any argument to a command group with cobra's own message for
// an unknown command, suggestions included.
func unknownCommand(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if c.SuggestionsMinimumDistance <= 0 {
		c.SuggestionsMinimumDistance = 2
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], c.CommandPath())
	if s := c.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t")
	}
	return fmt.Errorf("%s", msg)
}

// missingCommand refuses a command group run alone, naming its commands.
func missingCommand(c *cobra.Command, _ []string) error {
	var names []string
	for _, s := range c.Commands() {
		if s.IsAvailableCommand() {
			names = append(names, s.Name())
		}
	}
	return fmt.Errorf("%q needs a command: %s (%q says what each does)", c.CommandPath(), strings.Join(names, ", "), c.CommandPath()+" --help")
}
