package caption

import "testing"

// TestTenthStepPartA (issue 22, tenth tuning step, part A): one case per
// class the step taught, on the real captions of firstcontact6-tune.jsonl
// that showed it missing (id and page cited), each asserting the date,
// the creators and the agencies as the corpus test compares them; then the
// forms each rule must leave alone. One case differs from the corpus's
// annotation on purpose: CNA's
// "中央社" is the table's Central News Agency (the corpus writes "CNA",
// which the table leaves out as ambiguous).
func TestTenthStepPartA(t *testing.T) {
	tests := []struct {
		id, source, text   string
		date               string // "YYYY-MM-DD", "MM-DD" or ""
		creators, agencies []string
	}{
		// Korean "NAME 기자 EMAIL" after the last sentence, glued "NAME기자", an e-mail glued to 기자, and "(PLACE=AGENCY)" (korean.go).
		{"fc6b-068", "http://www.idaegu.com/newsView/idg202101210061",
			"▲ 미세먼지를 씻겨준 반가운 단비가 내린 21일 오후 대구 북구 남침산 네거리. 새로운 대구를 갈망하듯 한 시민의 외투에 새겨진 ‘신 대구’란 영문이 눈길을 끌고 있다.\n\n\n\n\n\n\n김진홍 기자 solmin@idaegu.com",
			"", []string{"김진홍"}, nil},
		{"fc6b-070", "http://www.kyongbuk.co.kr/news/articleView.html?idxno=700398",
			"막바지 추위가 물러난 가운데 휴일을 맞아 대구시 북구 연경동의 한 개울가를 찾은 모녀가 버들강아지를 만지며 봄기운을 만끽하고 있다. 이기동기자",
			"", []string{"이기동"}, nil},
		{"fc6b-071", "http://www.kyongbuk.co.kr/news/articleView.html?idxno=700287&sc_sub_section_code=S2N86",
			"가는 겨울을 아쉬워하듯 강추위가 이어진 31일 대구 염매시장 상인들이 털외투와 목도리로 완전무장을 한채 손님들을 기다리고 있다. 기상청은 이번주까지 한파가 이어질 것이라고 예보 했다. 이기동기자 leekd@kyongbuk.co.kr",
			"", []string{"이기동"}, nil},
		{"fc6b-035", "http://www.kwangju.co.kr/article.php?aid=1646646303734647096",
			"7일 오전 전남도청 윤선도홀에서 전시되고 있는 2022 광주·전남보도사진전 ‘현장의 눈빛’을 찾은 김영록 전라남도지사와 최영주 대변인이 최기남 광주·전남사진기자회장의 안내로 작품을 관람하고 있다. 이번 사진전은 2021년 한해 동안 광주·전남 일간지 사진 기자들이 국내·외의 취재 현장에서 찍은 100여 점의 사진이 전시되고 있다.\n/최현배 기자choi@kwangju.co.kr",
			"", []string{"최현배"}, nil},
		{"fc6b-032", "https://www.hankyung.com/article/2005122655438",
			"김근태 보건복지부장관(오른쪽)이 26일 전남 장성군 남면 덕성리 폭설 피해 현장을 방문, 김흥식 장성군수로부터 피해 현황을 듣고 있다.\n\n\n(장성=연합뉴스)",
			"", nil, []string{"Yonhap"}},
		// Chinese and English names side by side, the paper in both scripts, a prize label (bilingual.go; SCMP, Initium Media in names).
		{"fc6b-049", "http://hkppa.net/focus-at-the-frontline-2024-results",
			"曾國宗 Tsang Kwok Chung\n南華早報 South China Morning Post\n\nA construction worker’s clothes caught on fire after an accident on a road work at How Ming Street in Kwun Tong. 26MAR24.",
			"2024-03-26", []string{"曾國宗 Tsang Kwok Chung"}, []string{"South China Morning Post"}},
		{"fc6b-050", "http://hkppa.net/focus-at-the-frontline-2024-results",
			"季軍:\n\n趙世勳 Chao Shih Hsun\n中央通訊社 CNA\n\nApril 4, 2024 – A man walks on the road that was damaged in a landslide, trees collapsed and covered in ash after the earthquake, in Hualien, Taiwan.",
			"2024-04-04", []string{"趙世勳 Chao Shih Hsun"}, []string{"CNA"}},
		{"fc6b-051", "http://hkppa.net/focus-at-the-frontline-2024-results",
			"林振東 Lam Chun Tung\n端傳媒 Initium Media\n\n2024年9月,將軍澳《蘋果日報》總部大樓已停止運作。",
			"", []string{"林振東 Lam Chun Tung"}, []string{"Initium Media"}},
		{"fc6b-052", "https://hkppa.net/%E3%80%8A%E5%89%8D%E7%B7%9A%E2%80%A7%E7%84%A6%E9%BB%9E-2023%E3%80%8B%E6%AF%94%E8%B3%BD%E7%B5%90%E6%9E%9C-focus-at-the-frontline-2023-results",
			"冠軍:李願成 Dickson Lee 南華早報 South China Morning Post\nSerious flooding in Chai Wan during Observatory issues black rainstorm warning. 08SEP23.",
			"2023-09-08", []string{"李願成 Dickson Lee"}, []string{"South China Morning Post"}},
		{"fc6b-053", "https://hkppa.net/%E3%80%8A%E5%89%8D%E7%B7%9A%E2%80%A7%E7%84%A6%E9%BB%9E-2023%E3%80%8B%E6%AF%94%E8%B3%BD%E7%B5%90%E6%9E%9C-focus-at-the-frontline-2023-results",
			"亞軍:陳國誠 Chan Kwok Shing Freelance Photographer\n2023年3月3日,尖沙咀,一名市民望向遠方正焚燒的大廈。",
			"2023-03-03", []string{"陳國誠 Chan Kwok Shing"}, nil},
		{"fc6b-054", "https://hkppa.net/%E3%80%8A%E5%89%8D%E7%B7%9A%E2%80%A7%E7%84%A6%E9%BB%9E-2023%E3%80%8B%E6%AF%94%E8%B3%BD%E7%B5%90%E6%9E%9C-focus-at-the-frontline-2023-results",
			"季軍:蕭文超 Tyrone Siu 路透社 Reuters\nA building is seen on fire in Hong Kong, China March 3, 2023.",
			"2023-03-03", []string{"蕭文超 Tyrone Siu"}, []string{"Reuters"}},
		// Japanese regional papers' "(撮影・NAME)" (names.CJKShotByLead).
		{"fc6b-075", "https://www.kobe-np.co.jp/news/society/202405/0017642293.shtml",
			"記念列車のそばで、駅名標を手に記念撮影する神戸市の久元喜造市長ら=11日午前、同市中央区相生町3、JR神戸駅(撮影・小林良多)",
			"", []string{"小林良多"}, nil},
		{"fc6b-076", "https://www.kobe-np.co.jp/rentoku/photo_gallery/",
			"午前5時46分、神戸市中央区加納町6(撮影・藤家 武)",
			"", []string{"藤家 武"}, nil},
		// The Taiwan (Minguo) calendar and a date after the Chinese credit (localedates.go minguoOffset, cjkdated.go).
		{"fc6b-030", "https://tw.news.yahoo.com/%E5%9C%8B%E5%85%A7%E5%86%8D%E5%A2%9E52%E4%BE%8B%E6%9C%AC%E5%9C%9F%E7%A2%BA%E8%A8%BA-1-%E5%9C%96-081227391.html",
			"疫情持續升溫,台灣23日再新增52例本土確診個案,中央也提醒民眾確實做好防疫工作。時值農曆春節連假前夕,不少民眾把握週末假日,戴起口罩外出挑選過年應景春聯。中央社記者吳家昇攝 111年1月23日",
			"2022-01-23", []string{"吳家昇"}, []string{"Central News Agency"}},
		// Translated agency names and "via" (agencies.txt, names.viaWords), Indonesian "Foto oleh".
		{"fc6b-009", "https://amirsasankoshti.ir/?p=1804",
			"جان وسلز/ خبرگزاری فرانسه مردی برای نماز جمعه در نواکشوت در 28 ژوئن 2024 وارد مسجد جامع می شود. جان وسلز / خبرگزاری فرانسه",
			"2024-06-28", []string{"جان وسلز"}, []string{"AFP"}},
		{"fc6b-010", "https://amirsasankoshti.ir/?p=1804",
			"جان وسلز/ خبرگزاری فرانسه حامیان محمد ولد شیخ الغزوانی، رئیس جمهور موریتانی و رهبر اتحادیه برای جمهوری، در 1 ژوئیه 2024 در نواکشوت جشن گرفتند. … (عکس از جان وسلز / خبرگزاری فرانسه) (عکس از جان وسلز / خبرگزاری فرانسه از طریق گتی ایماژ) جان وسلز / خبرگزاری فرانسه",
			"2024-07-01", []string{"جان وسلز"}, []string{"AFP", "Getty Images"}},
		{"fc6b-047", "https://mutitu.com/minggu-afrika-dalam-gambar-30-agustus-5-september-2024",
			"Foto oleh VCG/Getty Images\nItu semua adalah bagian dari hiburan bagi mereka yang menghadiri pertemuan puncak Tiongkok-Afrika.",
			"", nil, []string{"VCG", "Getty Images"}},
		{"fc6b-048", "https://mutitu.com/minggu-afrika-dalam-gambar-30-agustus-5-september-2024",
			"Kantor Berita AFP\nDan pada hari Rabu di sebuah jalan di Gadaref di Sudan, seorang pria Sufi menampilkan tarian tradisional selama festival Muslim untuk menandai kelahiran Nabi Muhammad.",
			"", nil, []string{"AFP"}},
		// A label opening a Persian caption, the name before the Arabic comma (labelhead.go).
		{"fc6b-057", "https://toolboxnow.com/1402/02/16/kojaro-195664",
			"عکاس: Chris Jackson، یک طرفدار سلطنتی قبل از تاجگذاری شاه چارلز سوم در انگلیس",
			"", []string{"Chris Jackson"}, nil},
		{"fc6b-058", "https://toolboxnow.com/1402/02/16/kojaro-195664",
			"عکاس: Joaquín Sarmiento، یک سرباز آتشفشان «نوادو دل روئیز» (Nevado del Ruiz) را تماشا میکند که ابری از خاکستر از آن بلند شده است",
			"", []string{"Joaquín Sarmiento"}, nil},
		// Russian and Central Asian genitive and instrumental names after "Фото" and "Фотографии сделаны", kept as written (labels.go; names.NameLabels, labelhead.go).
		{"fc6b-039", "https://www.samdu.uz/ru/news/42977",
			"Ирода БЕКМУРОДОВА,\n        сотрудница информационной службы\n        Самаркандского государственного университета.\n        Фотографии сделаны Шавкатом АКРАМОВЫМ.",
			"", []string{"Шавкатом АКРАМОВЫМ"}, nil},
		{"fc6b-040", "https://rus.azattyk.org/a/kyrgyzstan_nooruz_celebrated/29113315.html",
			"В Бишкеке 21 марта площадь Ала-Тоо собрала огромное количество людей. Как сообщила мэрия столицы, в этом году на празднование Нооруза было выделено 1 млн 100 тысяч сомов. Однако праздник прошел по тому же сценарию, что повторяется из года в год. Дети в национальных костюмах представили национальные танцы, исполнялись песни и музыка, а актеры воспроизводили на сцене кыргызские традиции и обычаи. Фото Темира Сыдыкбекова.",
			"03-21", []string{"Темира Сыдыкбекова"}, nil},
		// Left alone: a reporter the story names mid-sentence; "撮影" of a
		// Latin name or in the text; a Japanese era's year and a short
		// year are no Minguo years; a Chinese name with no paper or
		// status after it; "Фото" before prose; a Persian label before a
		// clause that is no name.
		{"", "", "김철수 기자가 현장을 둘러보고 있다", "", nil, nil},
		{"", "", "市長ら=11日午前、JR神戸駅(撮影・John Smith)", "", nil, nil},
		{"", "", "令和4年1月23日、東京", "", nil, nil},
		{"", "", "12年3月5日,台北", "", nil, nil},
		{"", "", "Праздник прошел по тому же сценарию. Фото из архива мэрии.", "", nil, nil},
		{"", "", "عکاس: این تصویر را ثبت کرد، در تهران", "", nil, nil},
		{"", "", "曾國宗 Tsang Kwok Chung\nA construction worker's clothes caught on fire.", "", nil, nil},
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		if !dateMatches(tt.date, r) || !sameCreators(tt.creators, r.Creators) || !sameAgencies(tt.agencies, r.Agencies) {
			t.Errorf("%s (%s): date %q creators %q agencies %q; want %q %q %q", tt.id, tt.source, gotDate(r), r.Creators, r.Agencies, tt.date, tt.creators, tt.agencies)
		}
	}
}
