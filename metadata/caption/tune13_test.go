package caption

import "testing"

// TestRulesOfTune13 (issue 22): one real caption per class tune13 taught,
// read from its tuning file by id (each cited by the URL it was read
// from), asserting the date, the photographers and the agencies.
func TestRulesOfTune13(t *testing.T) {
	tests := []tunedCaption{
		// A government and a presidency hand out their own pictures:
		// nobody, and no agency (soleSourceWords, sourceWords).
		{"firstcontact5-tune.jsonl", "fc5a-071", "https://arhiva.emagazin.mk/zaev-na-avi-smena-na-ministri", "", nil, nil},
		{"firstcontact5-tune.jsonl", "fc5b-110", "https://www.inform.kz/ru/es-v-akorde-zemletryasenie-v-almati-i-doping-skandal-glavnie-sobitiya-nedeli-v-kazahstane-53c1f1", "", nil, nil},
		{"firstcontact5-tune.jsonl", "fc5b-072", "https://www.kurdistan24.net/public/index.php/en/story/25747-Kurdistan-Region-PM-Masrour-Barzani-hosts-town-hall-meeting", "", nil, nil},
	}
	checkTunedCaptions(t, tests)
}

// TestTune13LeavesAlone: the forms tune13's rules must not read.
func TestTune13LeavesAlone(t *testing.T) {
	tests := []leftAlone{
		// "Vlada" (government) is also a given name: a name after it
		// keeps the photographer.
		{"vlada given name", "Troops crossed the border.\nFoto: Vlada Petrović", []string{"Vlada Petrović"}, nil},
		{"влада given name", "Troops crossed the border. Фото: Влада Петровић", []string{"Влада Петровић"}, nil},
		// A handout source's initials before a photographer keep him.
		{"krg chain", "Troops crossed the border. (Photo: KRG/John Smith)", []string{"John Smith"}, nil},
	}
	checkLeftAlone(t, tests)
}
