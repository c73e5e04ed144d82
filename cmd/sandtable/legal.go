package main

import "sandtable/engine"

// legalDoc is the output of `sandtable legal`.
type legalDoc struct {
	ToMove  engine.Seat     `json:"to_move"`
	Step    string          `json:"step,omitempty"` // the step the game waits in, when the game names it
	Choices []engine.Choice `json:"choices,omitempty"`
	Result  *engine.Result  `json:"result,omitempty"`
}

func cmdLegal(e *env, args []string) error {
	pos, err := parse(e, flags("legal"), args, 1, 1)
	if err != nil {
		return err
	}
	_, _, s, err := replayRecord(e, pos[0])
	if err != nil {
		return err
	}
	d := legalDoc{ToMove: s.ToMove(), Result: s.Result()}
	if d.ToMove != "" {
		d.Choices = engine.Choices(s)
	}
	if st, ok := s.(engine.Stepper); ok {
		d.Step = st.StepName()
	}
	return writeJSON(e.stdout, d)
}
