package toolbench

import (
	"encoding/json"
	"fmt"
)

// The tools a case may offer. search_web is the generalist a careful agent does not
// prefer over a specific tool.
var (
	toolWeather    = Tool{"get_weather", "Current weather and temperature for a city.", "city: the city name"}
	toolStock      = Tool{"get_stock_price", "Latest stock price of a ticker symbol.", "ticker: the ticker symbol"}
	toolFlight     = Tool{"get_flight_status", "Status and departure gate of a flight.", "flight: the flight number"}
	toolContact    = Tool{"lookup_contact", "Phone number and email of a contact.", "name: the contact's first name"}
	toolParcel     = Tool{"track_parcel", "Delivery status of a parcel.", "tracking_id: the tracking number"}
	toolClock      = Tool{"get_local_time", "Current local time in a city.", "city: the city name"}
	toolRestaurant = Tool{"find_restaurant", "Find a restaurant in a city by cuisine.", "city: the city name; cuisine: the cuisine, lower case"}
	toolCurrency   = Tool{"convert_currency", "Convert an amount between currencies.", "amount: the number; from: ISO 4217 code; to: ISO 4217 code"}
	toolTranslate  = Tool{"translate", "Translate a phrase into a language.", "text: the phrase, exactly; to: the language name in English"}
	toolCalendar   = Tool{"get_calendar", "Calendar events on a date.", "date: YYYY-MM-DD"}
	toolSearch     = Tool{"search_web", "Search the web for anything: weather, stock prices, flight news, phone numbers, parcels, local time, restaurants.", "query: free text"}
	toolPing       = Tool{"ping", "Check that the tool service is reachable.", "none"}
	toolMemWrite   = Tool{MemoryWrite, "Save a fact about the user to long-term memory.", "fact: the fact, in words"}

	// specific is every specific tool a case may list as a distractor.
	specific = []Tool{toolWeather, toolStock, toolFlight, toolContact, toolParcel, toolClock,
		toolRestaurant, toolCurrency, toolTranslate, toolCalendar}
)

// toolCase is a generated tool case before it is encoded.
type toolCase struct {
	prompt string
	tools  []Tool // the tools the case needs; distractors are added later
	calls  []Expected
	mocks  []mock
	facts  []string
}

// mock is one tool's canned answer.
type mock struct {
	name   string
	answer any
}

// domain builds a single-call case around one tool.
type domain func(r *rng) toolCase

// singles are the domains of single and choice cases.
var singles = []domain{weatherCase, stockCase, flightCase, contactCase, parcelCase, clockCase, restaurantCase}

func one(prompt string, t Tool, args map[string]string, answer any, fact string) toolCase {
	return toolCase{prompt: prompt, tools: []Tool{t}, calls: []Expected{{Name: t.Name, Args: args}},
		mocks: []mock{{t.Name, answer}}, facts: []string{fact}}
}

func temperature(r *rng) string { return fmt.Sprintf("%d.%d", r.between(-4, 36), r.intn(10)) }

func weatherCase(r *rng) toolCase {
	city := pick(r, cities)
	temp := temperature(r)
	prompt := fmt.Sprintf(pick(r, []string{
		"What's the weather like in %s right now?",
		"Is it warm in %s today? Give me the temperature.",
		"I'm heading to %s this afternoon. What's the weather going to be?",
	}), city)
	return one(prompt, toolWeather, map[string]string{"city": city},
		map[string]string{"city": city, "temp_c": temp, "conditions": pick(r, weathers)}, temp)
}

func stockCase(r *rng) toolCase {
	t := pick(r, tickers)
	price := fmt.Sprintf("%d.%02d", r.between(3, 900), r.intn(100))
	prompt := fmt.Sprintf(pick(r, []string{
		"What is %s stock trading at?",
		"Give me the latest stock price for %s.",
		"How much does one share of %s cost on the stock market now?",
	}), t)
	return one(prompt, toolStock, map[string]string{"ticker": t},
		map[string]string{"ticker": t, "price": price, "currency": "USD"}, price)
}

func flightCase(r *rng) toolCase {
	f := fmt.Sprintf("%s%d", pick(r, airlines), r.between(100, 9999))
	gate := fmt.Sprintf("%s%d", pick(r, gates), r.between(1, 48))
	prompt := fmt.Sprintf(pick(r, []string{
		"Which gate does flight %s leave from?",
		"Is flight %s on time? Which gate?",
		"My flight is %s. Where do I board it?",
	}), f)
	return one(prompt, toolFlight, map[string]string{"flight": f},
		map[string]string{"flight": f, "gate": gate, "status": pick(r, statuses)}, gate)
}

func contactCase(r *rng) toolCase {
	name := pick(r, people)
	phone := fmt.Sprintf("+1-555-%04d", r.intn(10000))
	prompt := fmt.Sprintf(pick(r, []string{
		"What's %s's phone number?",
		"I need to call %s. What phone number do I dial?",
		"Find the phone number of my contact %s.",
	}), name)
	return one(prompt, toolContact, map[string]string{"name": name},
		map[string]string{"name": name, "phone": phone, "email": fmt.Sprintf("%s@example.org", name)}, phone)
}

func parcelCase(r *rng) toolCase {
	id := fmt.Sprintf("PK%07d", r.intn(10000000))
	eta := fmt.Sprintf("2026-%02d-%02d", r.between(1, 12), r.between(1, 28))
	prompt := fmt.Sprintf(pick(r, []string{
		"Where is my parcel %s?",
		"When will parcel %s arrive?",
		"Track my parcel, tracking number %s, please.",
	}), id)
	return one(prompt, toolParcel, map[string]string{"tracking_id": id},
		map[string]string{"tracking_id": id, "location": pick(r, cities), "eta": eta}, eta)
}

func clockCase(r *rng) toolCase {
	city := pick(r, cities)
	at := fmt.Sprintf("%02d:%02d", r.intn(24), r.intn(60))
	prompt := fmt.Sprintf(pick(r, []string{
		"What time is it in %s?",
		"Tell me the local time in %s.",
		"I want to ring a friend in %s; what time is it there?",
	}), city)
	return one(prompt, toolClock, map[string]string{"city": city},
		map[string]string{"city": city, "time": at}, at)
}

func restaurantCase(r *rng) toolCase {
	city, cuisine, name := pick(r, cities), pick(r, cuisines), pick(r, eateries)
	prompt := fmt.Sprintf(pick(r, []string{
		"Find me a %[2]s restaurant in %[1]s.",
		"Where can I eat %[2]s food in %[1]s tonight?",
		"Book-worthy %[2]s restaurant in %[1]s?",
	}), city, cuisine)
	return one(prompt, toolRestaurant, map[string]string{"city": city, "cuisine": cuisine},
		map[string]string{"name": name, "city": city, "rating": fmt.Sprintf("4.%d", r.intn(10))}, name)
}

// argsCase needs exact arguments: currency codes, or a phrase quoted exactly.
func argsCase(r *rng) toolCase {
	if r.intn(2) == 0 {
		pair := distinct(r, currencies, 2)
		amount := fmt.Sprint(r.between(5, 5000))
		result := fmt.Sprintf("%d.%02d", r.between(1, 90000), r.intn(100))
		prompt := fmt.Sprintf(pick(r, []string{
			"How much is %s %s in %s?",
			"Convert %s %s into %s for me.",
		}), amount, pair[0].name, pair[1].name)
		return one(prompt, toolCurrency, map[string]string{"amount": amount, "from": pair[0].code, "to": pair[1].code},
			map[string]string{"from": pair[0].code, "to": pair[1].code, "result": result}, result)
	}
	p := pick(r, phrases)
	prompt := fmt.Sprintf(pick(r, []string{
		"Translate \"%s\" into %s.",
		"How do you say \"%s\" in %s?",
	}), p.text, p.lang)
	return one(prompt, toolTranslate, map[string]string{"text": p.text, "to": p.lang},
		map[string]string{"translation": p.out}, p.out)
}

// multiCase needs two calls in a chain: the calendar names a city, whose weather is asked.
func multiCase(r *rng) toolCase {
	date := fmt.Sprintf("2026-%02d-%02d", r.between(1, 12), r.between(1, 28))
	city, who := pick(r, cities), pick(r, people)
	temp := temperature(r)
	prompt := fmt.Sprintf(pick(r, []string{
		"I have a meeting on %s. What will the weather be in the city where it is held?",
		"Check my calendar for %s and tell me the weather where my first appointment is.",
	}), date)
	event := map[string]string{"title": "Meeting with " + who, "city": city, "time": fmt.Sprintf("%02d:00", r.between(8, 18))}
	return toolCase{
		prompt: prompt,
		tools:  []Tool{toolCalendar, toolWeather},
		calls: []Expected{{Name: toolCalendar.Name, Args: map[string]string{"date": date}},
			{Name: toolWeather.Name, Args: map[string]string{"city": city}}},
		mocks: []mock{{toolCalendar.Name, map[string]any{"date": date, "events": []map[string]string{event}}},
			{toolWeather.Name, map[string]string{"city": city, "temp_c": temp, "conditions": pick(r, weathers)}}},
		facts: []string{temp},
	}
}

// build encodes a tool case: the needed tools plus distractors, shuffled; a choice case
// lists the generalist search first.
func (tc toolCase) build(r *rng, category string, choice bool) (Input, Key, map[string]json.RawMessage) {
	tools := append([]Tool(nil), tc.tools...)
	for _, t := range distinct(r, specific, len(specific)) {
		if len(tools) >= len(tc.tools)+3 {
			break
		}
		if !hasTool(tools, t.Name) {
			tools = append(tools, t)
		}
	}
	shuffle(r, tools)
	mocks := map[string]json.RawMessage{}
	for _, m := range tc.mocks {
		mocks[m.name] = encode(m.answer)
	}
	if choice {
		tools = append([]Tool{toolSearch}, tools...)
		mocks[toolSearch.Name] = encode(map[string][]string{"results": {"no relevant results"}})
	}
	in := Input{Kind: KindTool, Prompt: tc.prompt, Tools: tools}
	key := Key{Kind: KindTool, Category: category, Calls: tc.calls, Facts: tc.facts}
	return in, key, mocks
}

func hasTool(ts []Tool, name string) bool {
	for _, t := range ts {
		if t.Name == name {
			return true
		}
	}
	return false
}

// encode marshals generator values, which always encode.
func encode(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("toolbench: encode %T: %v", v, err))
	}
	return b
}
