package names

// plainCountryFold reports whether foldCountry has nothing to do to f,
// a metadata.FoldWords result, past folding it: f is ASCII words
// separated by single spaces, none of them "and" or "st", the first not
// "the". foldCountry then returns f itself instead of splitting it into
// words and joining them again (issue 24: two allocations for every
// credit part asked whether it is a country).
func plainCountryFold(f string) bool {
	start := 0
	for i := 0; i <= len(f); i++ {
		if i < len(f) && f[i] != ' ' {
			if f[i] >= 0x80 || f[i] < '!' {
				return false
			}
			continue
		}
		switch w := f[start:i]; {
		case w == "" && f != "", w == "and", w == "st", w == "the" && start == 0:
			return false
		}
		start = i + 1
	}
	return true
}
