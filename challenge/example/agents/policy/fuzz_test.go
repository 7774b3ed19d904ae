package policy

import "testing"

// FuzzAnswer claims an agent answers any input without a panic and calls at most two
// tools (well under the host's per-case cap).
func FuzzAnswer(f *testing.F) {
	f.Add([]byte(`{"kind":"tool","prompt":"Check my calendar for 2026-01-02 and tell me the weather where my first appointment is.","tools":[{"name":"get_calendar","description":"Calendar events"},{"name":"get_weather","description":"weather"}]}`))
	f.Add([]byte(`{"kind":"memory","prompt":"For how many months have I been learning x?","history":[{"role":"user","content":"I have been learning x for 1.5.5 years."}]}`))
	f.Add([]byte(`{"kind":"tool","prompt":"How much is 5 dollars in yen?"}`))
	f.Add([]byte(`{"kind":"tool","prompt":"my phone","tools":[{"name":"c","description":"phone"}]}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, s := range []Skills{Steady, SteadyPlus, Sharp, {Forgets: true}} {
			r := &recorder{answers: map[string]string{"get_calendar": `{"events":[{"city":"Lima"}]}`}}
			s.Answer(in, r.call)
			if len(r.calls) > 2 {
				t.Fatalf("%d calls", len(r.calls))
			}
		}
	})
}
