package ai

import (
	"testing"

	"sandtable/engine"
)

// A bot's draws share nothing with the game's dice: for every seed, the
// first draws of a bot's generator appear nowhere among the game's first
// draws, and two seats' bots differ. XOR-ing the seed with a multiple of
// SplitMix64's increment, as bots were seeded before, fails this at seed 2.
func TestBotSeedIsApartFromTheDice(t *testing.T) {
	for seed := range uint64(2000) {
		dice := engine.NewRNG(seed)
		seen := map[int]bool{}
		for range 64 {
			seen[dice.Intn(1<<62)] = true
		}
		a, b := engine.NewRNG(BotSeed(seed, "german")), engine.NewRNG(BotSeed(seed, "british"))
		for range 8 {
			x, y := a.Intn(1<<62), b.Intn(1<<62)
			if seen[x] || seen[y] || x == y {
				t.Fatalf("seed %d: a bot draws what the game's dice or the other bot draw", seed)
			}
		}
	}
	old := engine.NewRNG(2 ^ 1*0x9e3779b97f4a7c15)
	dice := engine.NewRNG(2)
	dice.Intn(1 << 62)
	if old.Intn(1<<62) != dice.Intn(1<<62) {
		t.Fatal("the old seeding is not the dice a step behind at seed 2: this test no longer shows what it guards against")
	}
}
