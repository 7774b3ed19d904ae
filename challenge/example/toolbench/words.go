package toolbench

// Word lists the generator draws from. Every value is one word, so a response either
// carries it or not.
var (
	cities = []string{"Lisbon", "Oslo", "Dublin", "Kyoto", "Lima", "Nairobi", "Quito", "Tallinn",
		"Porto", "Seville", "Hobart", "Bergen", "Krakow", "Valletta", "Tbilisi", "Accra",
		"Montevideo", "Reykjavik", "Ljubljana", "Cusco", "Hanoi", "Bruges", "Salzburg", "Zagreb"}
	people = []string{"Amara", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiroshi",
		"Ines", "Jonas", "Keira", "Luca", "Mirela", "Nikhil", "Odette", "Pavel", "Quinn",
		"Rosalind", "Soren", "Tamsin", "Umar", "Vesna", "Wendell", "Yara"}
	tickers   = []string{"ACME", "GLBX", "INTC", "HOOLI", "VANDL", "STRK", "QNTM", "NOVA", "ORBT", "PIXL"}
	airlines  = []string{"AZ", "BW", "KL", "TP", "LX", "SK", "EI", "OS"}
	cuisines  = []string{"thai", "ethiopian", "peruvian", "georgian", "vegan", "sichuan", "basque", "lebanese"}
	eateries  = []string{"Casa Nova", "The Copper Pot", "Blue Fern", "Olive Yard", "Saffron Lane", "Harbour Table"}
	gates     = []string{"A", "B", "C", "D", "E"}
	statuses  = []string{"on time", "delayed", "boarding"}
	weathers  = []string{"light rain", "clear skies", "fog", "sleet", "scattered clouds", "drizzle"}
	colours   = []string{"teal", "crimson", "ochre", "lavender", "amber", "indigo", "maroon", "olive", "cyan", "magenta"}
	dogs      = []string{"Biscuit", "Pepper", "Nacho", "Juniper", "Waffles", "Mochi", "Ziggy", "Bramble", "Tofu", "Clover"}
	companies = []string{"Globex", "Initech", "Hooli", "Vandelay", "Stark", "Wayne", "Soylent", "Tyrell", "Cyberdyne", "Aperture"}
	cars      = []string{"Corolla", "Civic", "Golf", "Leaf", "Outback", "Mustang", "Prius", "Clio", "Panda", "Octavia"}
	hobbies   = []string{"piano", "violin", "Spanish", "pottery", "chess", "fencing", "Japanese", "woodworking", "salsa", "climbing"}
	topics    = []string{"volcanoes", "octopuses", "medieval castles", "jazz", "the moon landing", "bees", "glaciers"}
	// durations in years, some decimal ("1.5 years" is 18 months, not 15 years).
	durations = []struct {
		text   string
		months int
	}{{"1.5", 18}, {"2", 24}, {"2.5", 30}, {"3", 36}, {"0.5", 6}, {"4", 48}, {"3.5", 42}, {"1.25", 15}, {"5", 60}}
	currencies = []struct{ name, code string }{
		{"US dollars", "USD"}, {"euros", "EUR"}, {"Japanese yen", "JPY"}, {"British pounds", "GBP"},
		{"Swiss francs", "CHF"}, {"Canadian dollars", "CAD"}, {"Mexican pesos", "MXN"}}
	phrases = []struct{ text, lang, out string }{
		{"good morning", "French", "bonjour"}, {"thank you", "Italian", "grazie"},
		{"good night", "German", "gute Nacht"}, {"see you soon", "Spanish", "hasta pronto"},
		{"thank you", "Japanese", "arigato"}, {"good luck", "Portuguese", "boa sorte"},
		{"welcome", "Swahili", "karibu"}, {"cheers", "Swedish", "skal"}}
)
