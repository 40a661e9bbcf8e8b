package check

import "sort"

// One picture, several files: a camera that writes RAW+JPEG leaves
// IMG_0001.CR2 and IMG_0001.JPG, a phone's Live Photo IMG_0001.HEIC and
// IMG_0001.MOV, with one capture time. They are one picture (SamePicture):
// one file, the lead, stands for it in matching, and every file of it
// gets the picture's caption, so that check checks each file and write
// writes each file's sidecar (or the one sidecar they share).

// findPictures groups the files of one picture and picks each picture's
// lead: the file that carries the most to match on (texts, then dated
// stores, then creators), then the first by path.
func (m *matcher) findPictures() {
	// imgOrder is in capture order: the files of one picture are in one
	// run of equal capture times, most runs are one image long, and only
	// the longer ones are looked at by name.
	for a := 0; a < len(m.imgOrder); {
		b := a + 1
		ka := &m.imgs[m.imgOrder[a]]
		for b < len(m.imgOrder) && ka.hasDate && m.imgs[m.imgOrder[b]].hasDate && compareKeyDates(ka, &m.imgs[m.imgOrder[b]]) == 0 {
			b++
		}
		if b-a > 1 {
			m.picturesAmong(m.imgOrder[a:b])
		}
		a = b
	}
}

// picturesAmong groups images of one capture time by stem.
func (m *matcher) picturesAmong(run []int) {
	byStem := map[string][]int{}
	var stems []string
	for _, i := range run {
		s := pictureStem(m.imgs[i].Path)
		if _, ok := byStem[s]; !ok {
			stems = append(stems, s)
		}
		byStem[s] = append(byStem[s], i)
	}
	for _, s := range stems {
		if is := byStem[s]; len(is) > 1 && SamePicture(&m.imgs[is[0]], &m.imgs[is[1]]) {
			m.addPicture(is)
		}
	}
}

func (m *matcher) addPicture(files []int) {
	files = append([]int(nil), files...)
	weight := func(i int) [3]int {
		k := &m.imgs[i]
		return [3]int{len(k.texts), int(k.nDays), len(k.creators)}
	}
	sort.SliceStable(files, func(a, b int) bool {
		wa, wb := weight(files[a]), weight(files[b])
		if wa != wb {
			return wa[0] > wb[0] || wa[0] == wb[0] && (wa[1] > wb[1] || wa[1] == wb[1] && wa[2] > wb[2])
		}
		return m.imgs[files[a]].Path < m.imgs[files[b]].Path
	})
	lead := files[0]
	if m.lead == nil {
		m.lead = make([]int32, len(m.imgs))
		for i := range m.lead {
			m.lead[i] = int32(i)
		}
	}
	for _, f := range files[1:] {
		m.lead[f] = int32(lead)
	}
	if m.files == nil {
		m.files = map[int][]int{}
	}
	m.files[lead] = files[1:]
}

// leadOf is the image that stands for image i's picture (i itself for
// most images).
func (m *matcher) leadOf(i int) int {
	if m.lead == nil {
		return i
	}
	return int(m.lead[i])
}

// onePicture reports whether the images are the files of one picture.
func (m *matcher) onePicture(is []int) bool {
	for _, i := range is[1:] {
		if m.leadOf(i) != m.leadOf(is[0]) {
			return false
		}
	}
	return true
}

// dropFollowers takes the files that are not their picture's lead out of
// matching: the lead stands for the picture.
func (m *matcher) dropFollowers() {
	if len(m.files) == 0 {
		return
	}
	out := m.imgOrder[:0:0]
	for _, i := range m.imgOrder {
		if m.leadOf(i) == i {
			out = append(out, i)
		}
	}
	m.imgOrder = out
}

// expandPictures gives every file of a paired picture the picture's
// record, the same way.
func (m *matcher) expandPictures() {
	if len(m.files) == 0 {
		return
	}
	// A caption file that lists the picture's caption once per file
	// (identical texts) gives each file one of them.
	var spare map[int32][]int
	if m.recSig != nil {
		for _, r := range m.recOrder {
			if !m.recUsed[r] {
				if spare == nil {
					spare = map[int32][]int{}
				}
				spare[m.recSig[r]] = append(spare[m.recSig[r]], r)
			}
		}
	}
	n := len(m.pairs)
	for k := 0; k < n; k++ {
		p := m.pairs[k]
		lead := m.leadOf(p.Image)
		for _, f := range append([]int{lead}, m.files[lead]...) {
			if !m.imgPaired[f] {
				m.imgUsed[f], m.imgPaired[f] = true, true
				q := p
				q.Image = f
				if spare == nil {
					m.pairs = append(m.pairs, q)
					continue
				}
				if rs := spare[m.recSig[p.Record]]; len(rs) > 0 {
					q.Record = rs[0]
					spare[m.recSig[p.Record]] = rs[1:]
					m.recUsed[q.Record], m.recPaired[q.Record] = true, true
				}
				m.pairs = append(m.pairs, q)
			}
		}
	}
}
