package soa

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	verifyOcc = true // every Legal call checks the occupancy table against a fresh count
	os.Exit(m.Run())
}
