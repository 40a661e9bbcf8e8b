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
	m.lead = make([]int32, len(m.imgs))
	for i := range m.lead {
		m.lead[i] = int32(i)
	}
	byStem := map[string][]int{}
	var stems []string
	for _, i := range m.imgOrder {
		k := &m.imgs[i]
		if !k.hasDate {
			continue
		}
		s := pictureStem(k.Path)
		if _, ok := byStem[s]; !ok {
			stems = append(stems, s)
		}
		byStem[s] = append(byStem[s], i)
	}
	for _, s := range stems {
		is := byStem[s]
		if len(is) < 2 {
			continue
		}
		// Files of one stem in capture order: runs of one capture time.
		for a := 0; a < len(is); {
			b := a + 1
			for b < len(is) && SamePicture(&m.imgs[is[a]], &m.imgs[is[b]]) {
				b++
			}
			if b-a > 1 {
				m.addPicture(is[a:b])
			}
			a = b
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
	for _, f := range files[1:] {
		m.lead[f] = int32(lead)
	}
	if m.files == nil {
		m.files = map[int][]int{}
	}
	m.files[lead] = files[1:]
}

// onePicture reports whether the images are the files of one picture.
func (m *matcher) onePicture(is []int) bool {
	for _, i := range is[1:] {
		if m.lead[i] != m.lead[is[0]] {
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
		if int(m.lead[i]) == i {
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
	n := len(m.pairs)
	for k := 0; k < n; k++ {
		p := m.pairs[k]
		lead := int(m.lead[p.Image])
		for _, f := range append([]int{lead}, m.files[lead]...) {
			if !m.imgPaired[f] {
				m.imgUsed[f], m.imgPaired[f] = true, true
				q := p
				q.Image = f
				m.pairs = append(m.pairs, q)
			}
		}
	}
}
