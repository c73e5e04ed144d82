package selfplay

import "math"

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson is the 95% Wilson score interval of a score p (between 0 and 1)
// over n independent trials. Self-play counts pairs of games as the trials:
// the two games of a pair share their seed, so they are not independent,
// but pairs are. A pair's score (its points over two games) lies between 0
// and 1, and a variable there with mean p has at most the variance p(1-p)
// of a single win or loss, which is what the interval assumes: it is the
// conservative choice, and unlike the normal interval it stays honest when
// every pair ends alike (100 pairs of 100 wins give [0.963, 1], not [1, 1]).
func Wilson(p float64, n int) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	k := z95 * z95 / float64(n)
	center := (p + k/2) / (1 + k)
	half := z95 / (1 + k) * math.Sqrt(p*(1-p)/float64(n)+k/(4*float64(n)))
	return [2]float64{math.Max(0, center-half), math.Min(1, center+half)}
}

// Elo rates players by the Bradley–Terry model's maximum likelihood:
// points[i][j] is what i scored against j (a win 1, a draw a half) in
// games[i][j] games. The expected score of i against j is
// 1/(1+10^((R_j-R_i)/400)), Elo's scale, and the ratings are those under
// which every player's expected points equal its actual points. They are
// shifted so that player anchor rates 0. Every pair of players that met
// must leave each side some points, and the players must all be linked by
// games, or some rating is infinite: callers add a virtual draw to every
// pairing (Ladder).
func Elo(points, games [][]float64, anchor int) []float64 {
	n := len(points)
	gamma := make([]float64, n) // 10^(R/400)
	for i := range gamma {
		gamma[i] = 1
	}
	// The minorization-maximization iteration of Hunter (2004): each step
	// sets gamma_i to i's points over sum_j games_ij/(gamma_i+gamma_j).
	for range 100000 {
		change := 0.0
		for i := range n {
			won, den := 0.0, 0.0
			for j := range n {
				if j != i && games[i][j] > 0 {
					won += points[i][j]
					den += games[i][j] / (gamma[i] + gamma[j])
				}
			}
			if den == 0 {
				continue
			}
			next := won / den
			change = math.Max(change, math.Abs(math.Log(next/gamma[i])))
			gamma[i] = next
		}
		if change < 1e-12 {
			break
		}
	}
	out := make([]float64, n)
	for i := range n {
		out[i] = 400 * math.Log10(gamma[i]/gamma[anchor])
	}
	return out
}
