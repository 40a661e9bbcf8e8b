package report

const (
	sampleDir      = "../../../testdata/aleppo"
	sampleCaptions = "../../../testdata/aleppo-2016-captions.txt"
)
