package caption

import "testing"

// TestRulesOfTune14a (issue 22): one real caption per class tune14a
// taught on the fc8a- captions of firstcontact8-tune.jsonl (the Asian,
// Caucasian, Central Asian, Russian-republic and Middle-Eastern desks),
// read from its tuning file by id and cited by the URL it was read from,
// asserting the date, the photographers and the agencies.
func TestRulesOfTune14a(t *testing.T) {
	tests := []tunedCaption{
		// Credit labels of languages new to the corpus (metadata/names/labels.go).
		{"firstcontact8-tune.jsonl", "fc8a-007", "https://manage.rudaw.net/kurmanci/kurdistan/010220216", "2021-02-01", []string{"Bilind Tahîr"}, []string{"Rûdaw"}},
		{"firstcontact8-tune.jsonl", "fc8a-100", "https://punjabi.hindustantimes.com/punjab/story-fireworks-in-sri-harimandir-sahib-on-gurpurab-1815005.html", "01-13", []string{"ਸਮੀਰ ਸਹਿਗਲ"}, []string{"ਹਿੰਦੁਸਤਾਨ ਟਾਈਮਜ਼"}},
		{"firstcontact8-tune.jsonl", "fc8a-144", "https://timesofahmedabad.blogspot.com/2023/11/the-entire-city-was-decorated-on.html", "", []string{"હર્ષેન્દુ ઓઝા"}, nil},
		{"firstcontact8-tune.jsonl", "fc8a-136", "https://denisugandi.com/2014/01/29/ruang-temu-panjalu/", "", []string{"Deni Sugandi"}, nil},
		{"firstcontact8-tune.jsonl", "fc8a-079", "https://bashgazet.ru/articles/y-m-i-t/2024-09-07/aylausylar-y-bash-ort-milli-keyemend-arshy-alalar-3918537", "", nil, []string{"\"Хәйбулла хәбәрҙәре\" гәзите"}},
		// Labels written with a dash for the colon.
		{"firstcontact8-tune.jsonl", "fc8a-150", "https://www.sarasaviya.lk/news/2020/03/12/17169/%E0%B6%B1%E0%B7%93%E0%B6%BD%E0%B6%B8%E0%B6%B1%E0%B7%92-%E0%B6%B1%E0%B7%90%E0%B6%AD%E0%B7%92-%E0%B6%85%E0%B6%A9%E0%B7%94%E0%B7%80", "2020-03-12", []string{"නිශ්ශංක විජේරත්න"}, nil},
		{"firstcontact8-tune.jsonl", "fc8a-142", "https://www.saamana.com/photo-chandrakant-palkar-photos-pune-heavy-rain/", "", []string{"चंद्रकांत पालकर"}, nil},
		// The Arabic comma and the division sign separate a chain's parts.
		{"firstcontact8-tune.jsonl", "fc8a-102", "https://minivan.mv/81034/", "", []string{"މުހައްމަދު އާދަމް"}, []string{"މިނިވަން"}},
		{"firstcontact8-tune.jsonl", "fc8a-148", "https://sandeshaaja.com/archives/142908", "", []string{"पूर्णप्रसाद मिश्र"}, []string{"रासस"}},
		// Chinese credits: 摄影报道, 特約記者, 發 before the name, the paper's own 本报, the head dispatch 讯.
		{"firstcontact8-tune.jsonl", "fc8a-059", "https://wulumuqi.baogaosu.com/xinwen/%E6%9A%96%E4%B9%8C%E9%B2%81%E6%9C%A8%E9%BD%90%E5%B8%82%E6%B0%91%E4%BA%AB%E5%8F%97%E6%98%A5%E5%A4%A9%E7%9A%84%E9%98%B3%E5%85%89/56101601", "03-29", []string{"张新军"}, nil},
		{"firstcontact8-tune.jsonl", "fc8a-063", "http://92880.cn/gn/news/2009/07-09/1767914.shtml", "07-08", []string{"廖攀"}, []string{"中新社"}},
		{"firstcontact8-tune.jsonl", "fc8a-064", "https://static.0471tv.org.cn/rb/pc/con/202502/12/content_79808.html", "", []string{"王中宙"}, nil},
		{"firstcontact8-tune.jsonl", "fc8a-068", "http://xz.people.com.cn/BIG5/387841/398867/index5.html", "", []string{"索朗多吉"}, []string{"新華社"}},
		{"firstcontact8-tune.jsonl", "fc8a-058", "https://fensifuwu.com/emotion/me/2168434.html", "08-08", []string{"秦鹏"}, []string{"天山网"}},
		// A quoted name or a press office after a label is an organisation.
		{"firstcontact8-tune.jsonl", "fc8a-001", "https://www.tatar-inform.ru/news/v-kazani-nagradili-pobeditelei-konkursa-etnograficeskaya-mozaika-tatarskogo-naroda-6010509", "", nil, []string{"Татар-информ"}},
		{"firstcontact8-tune.jsonl", "fc8a-015", "https://msvo.business-gazeta.ru/article/667815", "", nil, []string{"БИЗНЕС Online"}},
		{"firstcontact8-tune.jsonl", "fc8a-041", "https://kuzbass1.ru/news/official/141534", "", nil, []string{"пресс-служба АПК"}},
		// The permission notice after the name (Global Voices) and the label phrase 'image by'.
		{"firstcontact8-tune.jsonl", "fc8a-152", "https://globalvoices.org/2014/01/29/kazakhstans-largest-city-hides-its-beautiful-side-from-cameras/print/", "", []string{"Ilya Varlamov"}, nil},
		{"firstcontact8-tune.jsonl", "fc8a-084", "https://ar.globalvoices.org/2012/12/25/28034/print/", "", []string{"نسيم فيكرات"}, nil},
		// A bare name below prose that ends with no full stop.
		{"firstcontact8-tune.jsonl", "fc8a-030", "https://obeta.ttef.in/my-kolkata/news/birth-anniversary-of-pc-mahalanobis-khunti-puja-and-more-news-in-pictures-from-kolkata-photogallery/cid/1948587", "", []string{"Ashim Paul"}, nil},
		{"firstcontact8-tune.jsonl", "fc8a-091", "https://obeta.ttef.in/my-kolkata/news/birth-anniversary-of-pc-mahalanobis-khunti-puja-and-more-news-in-pictures-from-kolkata-photogallery/cid/1948587", "", []string{"Ashim Paul"}, nil},
		// A label written after the name on a line of its own; a label
		// word before it names nobody.
		{"firstcontact8-tune.jsonl", "fc8a-098", "https://azathabar.com/a/nji-yylda-azat-yewropa-azatlyk-radiosynyn-fotograflarynyn-in-gowy-suratlary/33257687.html", "", []string{"Sergeý Nužnenkonyň"}, nil},
		{"firstcontact8-tune.jsonl", "fc8a-039", "http://saby-rt.ru/news/rayon/nrzbik-byel-da-mul-uysh-vgd-itte", "", nil, nil},
		// Odia digits and month.
		{"firstcontact8-tune.jsonl", "fc8a-006", "https://dharitri.com/odisha-todays-pics-16th-may-2024-2/amp", "2024-05-16", nil, nil},
		// A name label on the caption's last line, a dangling bar cut.
		{"firstcontact8-tune.jsonl", "fc8a-131", "https://thanhnien.vn/nguoi-ha-noi-van-len-bo-ho-du-xuan-khong-quen-khau-trang-post1037185.html", "", []string{"Kiến Trần"}, nil},
	}
	checkTunedCaptions(t, tests)
}

// TestTune14aLeavesAlone: the forms tune14a's rules must not read.
func TestTune14aLeavesAlone(t *testing.T) {
	tests := []leftAlone{
		// A headline, capitalised, above a name is no prose: the name
		// below it is not read as a photographer.
		{"headline above a name", "Chief Minister Opens The New Bridge Over The River In Kolkata Today\nAshim Paul", nil, nil},
		// A quoted title that is not a credit's part stays prose.
		{"quoted word in prose", "Дети читали «Сказку о рыбаке и рыбке» на празднике.", nil, nil},
		// "Ảnh hưởng" (influence) opens prose, no name label.
		{"vi influence", "Mưa lớn kéo dài.\nẢnh hưởng của bão rất lớn", nil, nil},
	}
	checkLeftAlone(t, tests)
}
