package caption

import "testing"

// BenchmarkLocaleTables builds the generated month and weekday tables as
// the package's initialisation does (issue 24: their cost is paid by
// every run, a third of a one-picture check's CPU).
func BenchmarkLocaleTables(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		e := localeEntries()
		m := localeMonths(e)
		localeWeekdays(e, m)
	}
}
