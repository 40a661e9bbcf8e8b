package metadata

// xmpParseCost is what a read charges to the run's budget for packet, all
// told: the charges xmpStoreCharged takes as the parse goes, summed under
// a budget that never refuses.
func xmpParseCost(packet []byte) int64 {
	l := NewBudget(1 << 62).begin()
	defer l.end()
	xmpStoreCharged(&source{lease: l}, StoreXMP, packet, nil, false)
	return l.held
}
