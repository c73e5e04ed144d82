package ai

import (
	"slices"
	"strings"
)

// descriptions say in a few words how each bot level plays, as the rest of
// a sentence that starts with its label ("picks any legal choice at
// random"), for the lobby and play --help. Kept apart from kinds so that
// adding a kind and describing it do not touch the same lines; a level
// without one fails TestEveryLevelIsDescribed.
var descriptions = map[string]string{
	"random":        "picks any legal choice at random",
	"heuristic":     "takes the choice that looks best one step ahead, by the game's evaluation",
	"search:fast":   "looks ahead by tree search over what its side may know, briefly: quick, and the weakest search",
	"search":        "looks ahead by tree search over what its side may know: a fair opponent",
	"search:strong": "looks ahead by tree search over what its side may know, longest: the strongest",
}

// Label is a bot's name as a player reads it: "search (strong)" for
// "search:strong".
func Label(name string) string {
	if base, level, ok := strings.Cut(name, ":"); ok {
		return base + " (" + level + ")"
	}
	return name
}

// Describe says in a few words how the bot called name plays; "" for no
// such bot.
func Describe(name string) string {
	if !slices.Contains(Names(), name) {
		return ""
	}
	return descriptions[name]
}
