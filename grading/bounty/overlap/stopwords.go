package overlap

// stopwords are removed before overlap is measured: function words every English text
// shares, and the fragments contractions split into ("don't" gives "don" and "t"). The
// list is part of the protocol: two validators with different lists could disagree on
// a copy, so it changes only with a new release of every validator.
var stopwords = set(`
a about above after again against all also am an and any are aren as at
be because been before being below between both but by
can cannot could couldn d did didn do does doesn doing don down during
each either etc few for from further
had hadn has hasn have haven having he her here hers herself him himself his how
i if in into is isn it its itself just
ll m may me might more most must mustn my myself
no nor not now o of off on once only or other ought our ours ourselves out over own
re s same shall shan she should shouldn so some such
t than that the their theirs them themselves then there these they this those through to too
under until up upon us
ve very via was wasn we were weren what when where which while who whom whose why will with won would wouldn
y yet you your yours yourself yourselves
`)

func set(words string) map[string]bool {
	m := map[string]bool{}
	w := ""
	for i := 0; i <= len(words); i++ {
		if i < len(words) && words[i] != ' ' && words[i] != '\n' {
			w += string(words[i])
			continue
		}
		if w != "" {
			m[w] = true
		}
		w = ""
	}
	return m
}
