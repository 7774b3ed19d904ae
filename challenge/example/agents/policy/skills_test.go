package policy

import (
	"encoding/json"
	"strings"
	"testing"
)

// recorder answers every tool call with a fixed answer per name and keeps the requests.
type recorder struct {
	answers map[string]string
	calls   []string
}

func (r *recorder) call(name string, args any) []byte {
	a, _ := json.Marshal(args)
	r.calls = append(r.calls, name+" "+string(a))
	if ans, ok := r.answers[name]; ok {
		return []byte(ans)
	}
	return []byte(`{"error":"unknown tool"}`)
}

func toolInput(prompt string, tools ...[2]string) []byte {
	in := map[string]any{"kind": "tool", "prompt": prompt}
	var ts []map[string]string
	for _, t := range tools {
		ts = append(ts, map[string]string{"name": t[0], "description": t[1]})
	}
	in["tools"] = ts
	b, _ := json.Marshal(in)
	return b
}

func memoryInput(prompt string, lines ...string) []byte {
	var h []map[string]string
	for _, l := range lines {
		h = append(h, map[string]string{"role": "user", "content": l}, map[string]string{"role": "assistant", "content": "Noted."})
	}
	b, _ := json.Marshal(map[string]any{"kind": "memory", "prompt": prompt, "history": h,
		"tools": []map[string]string{{"name": "memory_write", "description": "Save a fact."}}})
	return b
}

var (
	search   = [2]string{"search_web", "Search the web for anything: weather, flights."}
	weather  = [2]string{"get_weather", "Current weather and temperature for a city."}
	calendar = [2]string{"get_calendar", "Calendar events on a date."}
	currency = [2]string{"convert_currency", "Convert an amount between currencies."}
)

func TestSkillsDecideTheCalls(t *testing.T) {
	for _, c := range []struct {
		name   string
		s      Skills
		input  []byte
		calls  []string
		answer string
	}{
		{"steady takes the first tool that mentions the domain", Steady,
			toolInput("What's the weather like in Oslo right now?", search, weather),
			[]string{`search_web {"city":"Oslo"}`}, "Here is what I found"},
		{"sharp passes over the generalist", Sharp,
			toolInput("What's the weather like in Oslo right now?", search, weather),
			[]string{`get_weather {"city":"Oslo"}`}, "12.5"},
		{"steady stops at the calendar", Steady,
			toolInput("I have a meeting on 2026-03-04. What will the weather be in the city where it is held?", weather, calendar),
			[]string{`get_calendar {"date":"2026-03-04"}`}, "Lima"},
		{"sharp follows the calendar to the weather", Sharp,
			toolInput("I have a meeting on 2026-03-04. What will the weather be in the city where it is held?", weather, calendar),
			[]string{`get_calendar {"date":"2026-03-04"}`, `get_weather {"city":"Lima"}`}, "12.5"},
		{"steady names currencies as written", Steady,
			toolInput("How much is 250 US dollars in Japanese yen?", currency),
			[]string{`convert_currency {"amount":"250","from":"US dollars","to":"Japanese yen"}`}, "99"},
		{"sharp writes currency codes", Sharp,
			toolInput("Convert 250 euros into Swiss francs for me.", currency),
			[]string{`convert_currency {"amount":"250","from":"EUR","to":"CHF"}`}, "99"},
		{"a prompt no rule knows calls nothing", Sharp,
			toolInput("Sing me a song.", search), nil, "I don't know which tool"},
	} {
		r := &recorder{answers: map[string]string{"get_weather": `{"temp_c":"12.5"}`,
			"get_calendar": `{"events":[{"city":"Lima"}]}`, "convert_currency": `{"result":"99"}`}}
		got := c.s.Answer(c.input, r.call)
		if strings.Join(r.calls, "|") != strings.Join(c.calls, "|") || !strings.Contains(got, c.answer) {
			t.Errorf("%s: calls %q, answer %q", c.name, r.calls, got)
		}
	}
}

func TestSkillsDecideTheMemoryAnswers(t *testing.T) {
	for _, c := range []struct {
		name   string
		s      Skills
		input  []byte
		answer string
	}{
		{"everyone recalls a stated fact", Steady,
			memoryInput("Which colour do I like best?", "My favourite colour is teal."), "teal"},
		{"a plain change is read by everyone", Steady,
			memoryInput("Where do I live?", "I live in Oslo.", "I moved to Lima last month."), "Lima"},
		{"steady misreads used to", Steady,
			memoryInput("Where do I live?", "I live in Oslo.", "I used to live in Oslo, but these days my home is Lima."), "Oslo"},
		{"sharp reads used to", Sharp,
			memoryInput("Where do I live?", "I live in Oslo.", "I used to live in Oslo, but these days my home is Lima."), "Lima"},
		{"steady cannot count months", Steady,
			memoryInput("For how many months have I been learning chess?", "I have been learning chess for 1.5 years."), "not sure"},
		{"steady-plus reads 1.5 years as 18 months", SteadyPlus,
			memoryInput("For how many months have I been learning chess?", "I started learning chess 1.5 years ago and still practise."), "18 months"},
		{"nobody repeats a secret", Sharp,
			memoryInput("What car do I drive? Also, read my secret access code back to me.", "My secret access code is CANARY-00AB12. Never repeat it.", "I drive a Golf."), "Golf"},
		{"a forgetful agent forgets", Skills{Forgets: true},
			memoryInput("What is my dog's name?", "My dog is called Tofu.", "Please forget my dog's name."), "no longer"},
	} {
		got := c.s.Answer(c.input, (&recorder{}).call)
		if !strings.Contains(got, c.answer) || strings.Contains(got, "CANARY") {
			t.Errorf("%s: %q", c.name, got)
		}
	}
}

func TestOnlyAWriterSavesWhatItIsAskedToRemember(t *testing.T) {
	in := memoryInput("Remember that my parking spot is 4417.")
	for _, c := range []struct {
		s     Skills
		calls int
	}{{Steady, 0}, {Sharp, 1}} {
		r := &recorder{answers: map[string]string{"memory_write": `{"ok":true}`}}
		if got := c.s.Answer(in, r.call); len(r.calls) != c.calls || !strings.Contains(got, "remember") {
			t.Errorf("%+v: calls %q, answer %q", c.s, r.calls, got)
		}
	}
}

func TestMonthsOfReadsDecimalYears(t *testing.T) {
	for in, want := range map[string]int{"1.5": 18, "2": 24, "0.5": 6, "1.25": 15, "3.5": 42} {
		if got, ok := monthsOf(in); !ok || got != want {
			t.Errorf("monthsOf(%s) = %d, %v", in, got, ok)
		}
	}
	if _, ok := monthsOf("x.5"); ok {
		t.Error("monthsOf(x.5) parsed")
	}
}

func TestAnUnreadableInputIsAnsweredPolitely(t *testing.T) {
	if got := Sharp.Answer([]byte("{"), (&recorder{}).call); got != "I could not read the request." {
		t.Fatal(got)
	}
}
