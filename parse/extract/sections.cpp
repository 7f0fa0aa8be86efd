// Section splitting and heading classification.
//
// A heading is recognized by its words, not its looks: every word of a heading
// must be section vocabulary ("Selected Refereed Conference Papers": modifiers
// plus one core word), so "Best Paper Award" or "Senior Scientist" never start a
// section, while "HONORS & AWARDS", "**Publications**" and "Invited Talks:" do.
#include "parse/extract/sections.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/extract.hpp"
#include "parse/extract/lexicon.hpp"

namespace cvsearch::extract {
namespace {

// Kinds by precedence: when a heading has core words of several kinds, the
// first listed wins ("Teaching Experience" -> teaching, "Papers and Talks" ->
// publications, "Journal Reviewing" -> service).
constexpr std::array<std::string_view, 17> kKindOrder = {
    "teaching", "service", "publications", "talks",    "awards",   "education", "projects",       "languages", "skills",
    "interests", "summary", "news",        "contact",  "references", "certifications", "other", "experience"};

const std::unordered_map<std::string, std::string>& core_words() {
    static const std::unordered_map<std::string, std::string> words = {
        // education
        {"education", "education"}, {"degree", "education"}, {"qualification", "education"}, {"study", "education"},
        {"schooling", "education"}, {"background", "education"}, {"coursework", "education"}, {"training", "education"},
        // experience
        {"experience", "experience"}, {"employment", "experience"}, {"position", "experience"}, {"appointment", "experience"},
        {"career", "experience"}, {"internship", "experience"}, {"job", "experience"}, {"affiliation", "experience"},
        {"visit", "experience"}, {"history", "experience"}, {"postdoc", "experience"}, {"consulting", "experience"},
        {"consultancy", "experience"}, {"mobility", "experience"},
        // publications
        {"publication", "publications"}, {"paper", "publications"}, {"article", "publications"}, {"proceeding", "publications"},
        {"preprint", "publications"}, {"manuscript", "publications"}, {"patent", "publications"}, {"book", "publications"},
        {"chapter", "publications"}, {"bibliography", "publications"}, {"report", "publications"}, {"thesis", "publications"},
        {"theses", "publications"}, {"dissertation", "publications"}, {"abstract", "publications"}, {"writing", "publications"},
        {"monograph", "publications"}, {"arxiv", "publications"},
        // awards
        {"award", "awards"}, {"honor", "awards"}, {"honour", "awards"}, {"fellowship", "awards"}, {"grant", "awards"},
        {"funding", "awards"}, {"scholarship", "awards"}, {"prize", "awards"}, {"distinction", "awards"}, {"recognition", "awards"},
        {"achievement", "awards"}, {"competition", "awards"},
        // skills
        {"skill", "skills"}, {"competency", "skills"}, {"competence", "skills"}, {"expertise", "skills"}, {"tool", "skills"},
        {"technology", "skills"},
        // interests
        {"interest", "interests"}, {"area", "interests"}, {"topic", "interests"}, {"field", "interests"},
        // teaching
        {"teaching", "teaching"}, {"course", "teaching"}, {"mentoring", "teaching"}, {"mentorship", "teaching"},
        {"supervision", "teaching"}, {"advising", "teaching"}, {"student", "teaching"}, {"ta", "teaching"},
        // service
        {"service", "service"}, {"reviewing", "service"}, {"reviewer", "service"}, {"refereeing", "service"},
        {"committee", "service"}, {"activity", "service"}, {"editorial", "service"}, {"membership", "service"},
        {"organization", "service"}, {"organisation", "service"}, {"organizing", "service"}, {"outreach", "service"},
        {"leadership", "service"}, {"volunteering", "service"}, {"volunteer", "service"}, {"involvement", "service"},
        // talks
        {"talk", "talks"}, {"presentation", "talks"}, {"seminar", "talks"}, {"keynote", "talks"}, {"lecture", "talks"},
        {"colloquium", "talks"}, {"colloquia", "talks"}, {"poster", "talks"}, {"conference", "talks"}, {"meeting", "talks"},
        {"participation", "talks"}, {"tutorial", "talks"}, {"speaking", "talks"}, {"speaker", "talks"}, {"workshop", "talks"}, {"panel", "talks"},
        // projects
        {"project", "projects"}, {"software", "projects"}, {"contribution", "projects"}, {"portfolio", "projects"},
        // the rest
        {"summary", "summary"}, {"profile", "summary"}, {"about", "summary"}, {"biography", "summary"}, {"bio", "summary"},
        {"overview", "summary"}, {"objective", "summary"}, {"statement", "summary"}, {"introduction", "summary"},
        {"language", "languages"}, {"news", "news"}, {"update", "news"}, {"contact", "contact"}, {"personal", "contact"},
        {"reference", "references"}, {"referee", "references"}, {"certification", "certifications"},
        {"certificate", "certifications"}, {"license", "certifications"}, {"hobby", "other"}, {"miscellaneous", "other"},
        {"misc", "other"},
        // The same sections in German, French, Spanish, Italian and Portuguese (folded:
        // no accents; plural forms listed where singular() does not reach them).
        {"veroffentlichung", "publications"}, {"veroffentlichungen", "publications"}, {"publikation", "publications"},
        {"publikationen", "publications"}, {"publikationsliste", "publications"}, {"schriften", "publications"},
        {"schriftenverzeichnis", "publications"}, {"aufsatze", "publications"}, {"artikel", "publications"},
        {"publicacion", "publications"}, {"publicaciones", "publications"}, {"articulo", "publications"},
        {"articulos", "publications"}, {"pubblicazione", "publications"}, {"pubblicazioni", "publications"},
        {"articoli", "publications"}, {"publicacao", "publications"}, {"publicacoes", "publications"},
        {"artigo", "publications"}, {"artigos", "publications"}, {"ouvrage", "publications"}, {"brevet", "publications"},
        {"patente", "publications"}, {"patentes", "publications"}, {"brevetti", "publications"},
        {"ausbildung", "education"}, {"bildung", "education"}, {"bildungsweg", "education"}, {"studium", "education"},
        {"formation", "education"}, {"etude", "education"}, {"cursus", "education"}, {"diplome", "education"},
        {"formacion", "education"}, {"educacion", "education"}, {"estudios", "education"}, {"titulacion", "education"},
        {"formazione", "education"}, {"istruzione", "education"}, {"studi", "education"}, {"formacao", "education"},
        {"educacao", "education"},
        {"zivildienst", "experience"}, {"wehrdienst", "experience"}, {"berufserfahrung", "experience"}, {"erfahrung", "experience"}, {"werdegang", "experience"},
        {"tatigkeit", "experience"}, {"tatigkeiten", "experience"}, {"stelle", "experience"}, {"stellen", "experience"},
        {"anstellung", "experience"}, {"anstellungen", "experience"}, {"positionen", "experience"}, {"parcours", "experience"},
        {"poste", "experience"}, {"experiencia", "experience"}, {"experiencias", "experience"}, {"trayectoria", "experience"},
        {"cargo", "experience"}, {"cargos", "experience"}, {"esperienza", "experience"}, {"esperienze", "experience"},
        {"posizioni", "experience"}, {"atuacao", "experience"},
        {"auszeichnung", "awards"}, {"auszeichnungen", "awards"}, {"preis", "awards"}, {"preise", "awards"},
        {"ehrung", "awards"}, {"ehrungen", "awards"}, {"stipendium", "awards"}, {"stipendien", "awards"},
        {"forderung", "awards"}, {"drittmittel", "awards"}, {"prix", "awards"}, {"distinction", "awards"},
        {"bourse", "awards"}, {"recompense", "awards"}, {"financement", "awards"}, {"premio", "awards"},
        {"premios", "awards"}, {"beca", "awards"}, {"becas", "awards"}, {"distincion", "awards"},
        {"distinciones", "awards"}, {"reconocimiento", "awards"}, {"reconocimientos", "awards"}, {"premi", "awards"},
        {"riconoscimento", "awards"}, {"riconoscimenti", "awards"}, {"borse", "awards"}, {"bolsa", "awards"},
        {"distincoes", "awards"},
        {"lehre", "teaching"}, {"lehrtatigkeit", "teaching"}, {"lehrerfahrung", "teaching"}, {"lehrveranstaltungen", "teaching"},
        {"enseignement", "teaching"}, {"docencia", "teaching"}, {"ensenanza", "teaching"}, {"didattica", "teaching"},
        {"insegnamento", "teaching"}, {"ensino", "teaching"}, {"betreuung", "teaching"}, {"encadrement", "teaching"},
        {"gutachtertatigkeit", "service"}, {"gutachter", "service"}, {"gremien", "service"}, {"gremienarbeit", "service"},
        {"mitgliedschaft", "service"}, {"mitgliedschaften", "service"}, {"responsabilite", "service"},
        {"servicio", "service"}, {"servizio", "service"}, {"servico", "service"}, {"servicos", "service"},
        {"kenntnisse", "skills"}, {"fahigkeiten", "skills"}, {"kompetenzen", "skills"}, {"competences", "skills"},
        {"competence", "skills"}, {"habilidades", "skills"}, {"competencias", "skills"}, {"conocimientos", "skills"},
        {"competenze", "skills"}, {"conhecimentos", "skills"},
        {"vortrag", "talks"}, {"vortrage", "talks"}, {"prasentation", "talks"}, {"prasentationen", "talks"},
        {"communication", "talks"}, {"expose", "talks"}, {"charla", "talks"}, {"charlas", "talks"}, {"ponencia", "talks"},
        {"ponencias", "talks"}, {"presentaciones", "talks"}, {"conferencias", "talks"}, {"congreso", "talks"},
        {"congresos", "talks"}, {"presentazioni", "talks"}, {"seminari", "talks"}, {"conferenze", "talks"},
        {"interventi", "talks"}, {"palestra", "talks"}, {"palestras", "talks"}, {"apresentacoes", "talks"},
        {"forschungsinteressen", "interests"}, {"forschungsschwerpunkte", "interests"}, {"interessen", "interests"},
        {"schwerpunkte", "interests"}, {"interet", "interests"}, {"theme", "interests"}, {"domaine", "interests"},
        {"intereses", "interests"}, {"interessi", "interests"}, {"interesses", "interests"},
        {"sprachen", "languages"}, {"sprachkenntnisse", "languages"}, {"langue", "languages"}, {"idioma", "languages"},
        {"idiomas", "languages"}, {"lingue", "languages"}, {"linguas", "languages"},
        {"projekt", "projects"}, {"projekte", "projects"}, {"projet", "projects"}, {"proyecto", "projects"},
        {"proyectos", "projects"}, {"progetti", "projects"}, {"progetto", "projects"}, {"projeto", "projects"},
        {"projetos", "projects"},
        {"profil", "summary"}, {"zusammenfassung", "summary"}, {"perfil", "summary"}, {"profilo", "summary"},
        {"kontakt", "contact"}, {"personliche", "contact"}, {"personnelle", "contact"}, {"coordonnees", "contact"},
        {"contacto", "contact"}, {"personales", "contact"}, {"contatti", "contact"}, {"contato", "contact"},
        {"cursos", "certifications"}, {"weiterbildung", "certifications"}, {"fortbildung", "certifications"},
        {"certificado", "certifications"}, {"certificados", "certifications"}, {"certificaciones", "certifications"},
        {"zertifikat", "certifications"}, {"zertifikate", "certifications"}, {"certificazioni", "certifications"},
        {"certificacoes", "certifications"}, {"voluntariado", "service"}, {"benevolat", "service"}, {"volontariat", "service"},
        {"volontariato", "service"}, {"ehrenamt", "service"}, {"ehrenamtliches", "service"},
        {"sonstiges", "other"}, {"divers", "other"}, {"varios", "other"}, {"altro", "other"}, {"referenzen", "references"}};
    return words;
}

// Words that qualify a heading without deciding its kind.
const std::unordered_set<std::string>& modifiers() {
    static const std::unordered_set<std::string> words = {
        "selected", "select", "civilian", "military", "recent", "research", "work", "professional", "academic", "technical", "invited", "journal",
        "refereed", "peer", "reviewed", "review", "other", "additional", "and", "of", "in", "the", "my", "me", "our", "industry",
        "industrial", "programming", "computer", "computational", "relevant", "current", "past", "previous", "full", "list", "key", "major",
        "main", "university", "scientific", "international", "national", "contributed", "published", "submitted", "under",
        "working", "ongoing", "graduate", "undergraduate", "taught", "given", "held", "attended", "organized", "received",
        "a", "an", "for", "with", "on", "to", "at", "as", "science", "honorary", "information", "detail", "board", "program",
        "society", "open", "source", "code", "chair", "first", "co", "authored", "author", "highlight", "support", "public",
        "extracurricular", "further", "some", "all", "teaching", "consulting", "engagement", "community", "university",
        "department", "institutional", "conference", "symposium", "non", "technical", "notable", "visiting", "supervised",
        "mentored", "advised", "doctoral", "phd", "master", "postdoctoral", "career", "funding", "new", "forthcoming",
        "preparation", "progress", "editorial", "service", "media", "press", "coverage", "outreach", "external", "internal",
        "lab", "group", "team", "leadership", "volunteer", "creative", "artistic", "exhibition", "event", "events", "prior",
        "earlier", "early", "latest", "archival", "non-archival", "nonarchival", "workshop", "poster", "oral", "contributed",
        "talk", "reading", "spoken", "natural", "foreign", "by", "year", "date", "area", "relevant", "grant", "awarded",
        // German, French, Spanish, Italian, Portuguese qualifiers and connectives
        "ausgewahlte", "ausgewahlt", "wissenschaftliche", "wissenschaftlicher", "akademische", "akademischer", "berufliche",
        "beruflicher", "andere", "weitere", "sonstige", "und", "der", "die", "das", "des", "im", "von", "zur", "zum", "mit",
        "fur", "eingeladene", "begutachtete", "referierte", "internationale", "nationale", "aktuelle", "eingereichte",
        "forschung", "daten", "akademischen", "beruflichen", "wissenschaftlichen", "selectionnees", "choisies", "principales",
        "scientifique", "scientifiques", "academique", "academiques", "professionnelle", "professionnelles", "professionnel",
        "universitaire", "universitaires", "et", "de", "du", "la", "le", "les", "en", "autre", "autres", "recente",
        "recentes", "invitee", "invitees", "internationale", "internationales", "revue", "comite", "lecture", "recherche",
        "seleccionadas", "seleccionados", "academica", "academico", "academicas", "profesional", "laboral", "cientifica",
        "cientificas", "cientificos", "y", "del", "el", "las", "los", "otra", "otras", "otros", "reciente", "recientes",
        "investigacion", "invitadas", "internacionales", "selezionate", "scientifiche", "professionale", "professionali",
        "lavorativa", "lavorative", "accademica", "accademiche", "e", "di", "della", "delle", "dei", "altre", "ricerca",
        "internazionali", "selecionadas", "profissional", "profissionais", "da", "do", "das", "dos", "em", "outras",
        "pesquisa", "principais", "personnelles"};
    return words;
}

std::string singular(const std::string& w) {
    if (w.size() > 4 && w.compare(w.size() - 3, 3, "ies") == 0) return w.substr(0, w.size() - 3) + "y";
    if (w.size() > 3 && w.back() == 's' && w[w.size() - 2] != 's' && w != "news" && w != "thesis" && w != "theses")
        return w.substr(0, w.size() - 1);
    return w;
}

std::optional<std::string> cjk_heading_kind(std::string_view h) {
    if (chars::count_letters(h) > 12) return std::nullopt;
    // Chinese (simplified and traditional), Japanese and Korean; the first key found wins.
    static const std::pair<const char*, const char*> keys[] = {
        {"服务", "service"}, {"服務", "service"}, {"审稿", "service"}, {"審稿", "service"}, {"査読", "service"},
        {"学会活動", "service"}, {"社会活動", "service"}, {"봉사", "service"}, {"심사", "service"},
        {"教学", "teaching"}, {"教學", "teaching"}, {"授業", "teaching"}, {"講義", "teaching"}, {"教歴", "teaching"},
        {"강의", "teaching"}, {"교육 경력", "teaching"},
        {"论文", "publications"}, {"論文", "publications"}, {"논문", "publications"}, {"发表", "publications"},
        {"發表", "publications"}, {"出版", "publications"}, {"著書", "publications"}, {"著作", "publications"},
        {"저서", "publications"}, {"출판", "publications"}, {"연구실적", "publications"}, {"연구 실적", "publications"},
        {"業績", "publications"}, {"成果", "publications"}, {"专利", "publications"}, {"專利", "publications"},
        {"特許", "publications"}, {"특허", "publications"},
        {"报告", "talks"}, {"報告", "talks"}, {"演讲", "talks"}, {"演講", "talks"}, {"講演", "talks"}, {"発表", "talks"},
        {"발표", "talks"}, {"강연", "talks"},
        {"奖", "awards"}, {"獎", "awards"}, {"賞", "awards"}, {"荣誉", "awards"}, {"榮譽", "awards"}, {"수상", "awards"},
        {"外部資金", "awards"}, {"助成", "awards"},
        {"教育", "education"}, {"学历", "education"}, {"學歷", "education"}, {"学歴", "education"}, {"학력", "education"},
        {"교육", "education"},
        {"技能", "skills"}, {"スキル", "skills"}, {"기술", "skills"}, {"스킬", "skills"},
        {"项目", "projects"}, {"項目", "projects"}, {"プロジェクト", "projects"}, {"프로젝트", "projects"},
        {"兴趣", "interests"}, {"興趣", "interests"}, {"興味", "interests"}, {"方向", "interests"}, {"研究分野", "interests"},
        {"研究テーマ", "interests"}, {"관심", "interests"}, {"연구분야", "interests"}, {"연구 분야", "interests"},
        {"经历", "experience"}, {"經歷", "experience"}, {"経歴", "experience"}, {"職歴", "experience"}, {"实习", "experience"},
        {"實習", "experience"}, {"경력", "experience"}, {"職務", "experience"}, {"所属", "experience"}};
    for (const auto& [key, kind] : keys)
        if (h.find(key) != std::string_view::npos) return std::string(kind);
    return std::nullopt;
}

bool all_caps(std::string_view s) {
    std::size_t letters = chars::count_letters(s);
    return letters >= 3 && chars::count_upper(s) == letters;
}

// A heading set in small capitals, as PDF text tools give it: the capital of
// each word apart from the rest ("E MPLOYMENT", "C ONFERENCE & S EMINAR
// P RESENTATIONS", "P UBLISHED PAPERS"). The words rejoined, when the line is
// nothing but capitals and symbols and at least one lone capital stands before
// a word in capitals; std::nullopt otherwise. Whether the result is a heading
// is for the caller to tell by its words: "A NEW METHOD" gives "ANEW METHOD",
// which is none.
std::optional<std::string> rejoin_small_caps(std::string_view line) {
    if (line.size() > 120 || std::any_of(line.begin(), line.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
        return std::nullopt;  // most lines: a byte scan, nothing split
    std::vector<std::string_view> tokens;
    for (std::string_view t : text::split(line, ' '))
        if (!t.empty()) tokens.push_back(t);
    auto lone_capital = [](std::string_view t) {
        std::size_t i = 0;
        char32_t c = chars::next(t, i);
        return i == t.size() && chars::is_upper(c);
    };
    auto capitals = [](std::string_view t) {  // "MPLOYMENT", "AWARDS", "&", "PAPERS:"
        std::size_t letters = chars::count_letters(t);
        if (letters == 0) return !chars::has_digit(t) && t.size() <= 3;
        return chars::count_upper(t) == letters;
    };
    bool joined = false;
    std::string out;
    for (std::size_t k = 0; k < tokens.size(); ++k) {
        if (!capitals(tokens[k])) return std::nullopt;
        if (!out.empty()) out += ' ';
        out += tokens[k];
        if (lone_capital(tokens[k]) && k + 1 < tokens.size() && chars::count_letters(tokens[k + 1]) >= 2 &&
            capitals(tokens[k + 1])) {
            out += tokens[++k];
            joined = true;
        }
    }
    if (!joined) return std::nullopt;
    return out;
}

// Singular words that in plain text label a detail of an entry rather than head a section.
bool is_entry_label(std::string_view heading) {
    static const std::unordered_set<std::string> labels = {"thesis", "dissertation", "project", "course", "advisor", "supervisor",
                                                           "topic", "grant", "award", "paper", "talk", "poster", "skill",
                                                           "position", "committee", "reference", "tool", "language", "funding"};
    return labels.count(text::fold_key(heading)) > 0;
}

// "Conferences", "International Workshops": headings that name where papers
// appeared. Inside Publications they divide the papers; elsewhere they are talks.
bool names_venue_type(std::string_view heading) {
    static const std::unordered_set<std::string> venue_words = {"conference", "workshop", "symposium", "meeting"};
    bool any = false;
    const std::string folded = text::fold_key(heading);  // split() gives views into it
    for (std::string_view t : text::split(folded, ' ')) {
        std::string w = singular(std::string(t));
        if (venue_words.count(w)) { any = true; continue; }
        auto it = core_words().find(w);
        if (it != core_words().end() && it->second == "talks") return false;  // "Conference Talks"
    }
    return any;
}

// "Master Degree (Supervisor)", "PhD Theses (co-supervisor)": a degree or thesis heading
// over the work of the students the person supervised, said in a remark in brackets
// (which clean_heading drops).
bool supervised_remark(std::string_view heading) {
    const std::string lower = text::ascii_lower(heading);
    for (std::string_view remark : {"(supervis", "(co-supervis", "(advis", "(co-advis"})
        if (lower.find(remark) != std::string::npos) return true;
    return false;
}

}  // namespace

std::string clean_heading(std::string_view heading) {
    // Parenthesized remarks: "Publications (selected, reverse chronological)".
    std::string out = text::without_brackets(clean_inline(heading));
    std::string_view v = text::trim(out);
    auto trailing = [](char c) { return c == ':' || c == '.' || c == '_' || c == '-' || c == '=' || c == '\\' || c == ' ' || c == '\t' || c == '|' || c == '*'; };
    while (!v.empty() && trailing(v.back())) v.remove_suffix(1);
    // Full-width colon of CJK headings.
    while (v.size() >= 3 && v.substr(v.size() - 3) == "\xEF\xBC\x9A") v.remove_suffix(3);
    return text::collapse_whitespace(v);
}

// With `styled` (the line is a "# " heading, bold or in capitals) one unknown
// qualifier before the core word is allowed: "ENGINEERING EXPERIENCE".
std::optional<std::string> classify_heading(std::string_view heading, bool styled) {
    if (supervised_remark(heading)) {
        auto kind = classify_heading(text::without_brackets(heading), styled);
        return kind && (*kind == "education" || *kind == "publications") ? std::optional<std::string>("teaching") : kind;
    }
    std::string h = clean_heading(heading);
    if (h.empty() || chars::has_digit(h)) return std::nullopt;
    if (chars::has_cjk(h)) return cjk_heading_kind(h);
    std::string key = text::fold_key(h);
    std::vector<std::string> tokens;
    for (std::string_view t : text::split(key, ' '))
        if (std::any_of(t.begin(), t.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || (c & 0x80); }))
            tokens.emplace_back(t);  // "&" and other symbols are no words
    if (tokens.empty() || tokens.size() > 6) return std::nullopt;
    const auto& core = core_words();
    const auto& mods = modifiers();
    std::vector<std::string> kinds;
    bool has_research = false, has_work = false, has_programming = false;
    // A heading set as one ("## Fist-Author Refereed Publications", "\section{Andere Refereed
    // Publications}") is named by its last word, the head of the phrase: a word or two of
    // its own before that one does not unmake it.
    const auto is_core = [&](const std::string& t) { return core.count(t) || core.count(singular(t)); };
    const auto is_known = [&](const std::string& t) { return is_core(t) || mods.count(t) || mods.count(singular(t)); };
    // (Words, not the letters of small capitals that a PDF tool split off: "R ESEARCH".)
    const bool headed = styled && tokens.size() >= 2 && is_core(tokens.back()) &&
                        std::count_if(tokens.begin(), tokens.end(), [&](const std::string& t) { return !is_known(t); }) <= 2 &&
                        std::all_of(tokens.begin(), tokens.end(), [&](const std::string& t) { return is_known(t) || t.size() >= 3; });
    for (const auto& t : tokens) {
        auto it = core.find(t);
        if (it == core.end()) it = core.find(singular(t));
        if (it != core.end()) {
            kinds.push_back(it->second);
            continue;
        }
        if (!mods.count(t) && !mods.count(singular(t))) {
            // ("ENTREPRENEURIAL & PROFESSIONAL EXPERIENCE": the qualifier, then a modifier.)
            bool qualifier = (styled && tokens.size() <= 3 && &t == &tokens.front()) || headed;
            if (!qualifier) return std::nullopt;
        }
        has_research |= t == "research";
        has_work |= t == "work";
        has_programming |= t == "programming" || t == "computer" || t == "computational" || t == "technical";
    }
    if (kinds.empty()) {
        if (has_work && tokens.size() <= 2) return "experience";  // "Work", "Professional Work"
        // "Published & Forthcoming", "Forthcoming": papers, named by where they stand.
        if (std::all_of(tokens.begin(), tokens.end(), [](const std::string& t) {
                return t == "published" || t == "forthcoming" || t == "and" || t == "papers";
            }) &&
            std::any_of(tokens.begin(), tokens.end(), [](const std::string& t) { return t == "published" || t == "forthcoming"; }))
            return "publications";
        if (has_research && tokens.size() == 1) return "research";  // projects with places, or a statement
        return std::nullopt;
    }
    if (has_programming && std::count(kinds.begin(), kinds.end(), "languages")) return "skills";
    // "Professional Affiliations": the societies the person is a member of (American
    // Physical Society, ...), not employers; "Affiliations" alone may list either.
    auto has = [&](std::string_view w) { return std::any_of(tokens.begin(), tokens.end(), [&](const std::string& t) { return t == w; }); };
    if (has("professional") && (has("affiliation") || has("affiliations")) && kinds.size() == 1) return "service";
    // "Civilian Service", "Military Service": a post held, not service to a community.
    if (std::count(kinds.begin(), kinds.end(), "service") &&
        std::any_of(tokens.begin(), tokens.end(), [](const std::string& t) { return t == "civilian" || t == "military" || t == "civil"; }))
        return "experience";
    for (std::string_view k : kKindOrder)
        if (std::find(kinds.begin(), kinds.end(), k) != kinds.end()) return std::string(k);
    return kinds.front();
}

std::optional<std::string> heading_kind(std::string_view heading) { return classify_heading(heading, false); }

std::vector<Block> split_blocks(std::string_view text) {
    std::vector<Block> blocks(1);
    blocks.back().kind = "header";
    auto start = [&](std::string heading, std::string kind, int level) {
        Block b;
        b.heading = std::move(heading);
        b.kind = std::move(kind);
        b.level = level;
        blocks.push_back(std::move(b));
    };
    // The level of the "## Students" / "## Supervision" / "## Mentoring" heading whose
    // sub-headings are read: "### Internships" under it lists the students' internships
    // and their schools, not the CV owner's.
    // The level of the Students/Supervision heading we are under; 0 when none (headings
    // have levels from 1). Not a std::optional: GCC 12 warns it may be used uninitialized.
    int students_level = 0;
    for (Line& line : split_lines(text)) {
        Block& cur = blocks.back();
        if (line.blank()) {
            if (!cur.lines.empty() && !cur.lines.back().blank()) cur.lines.push_back(std::move(line));
            continue;
        }
        bool markdown_heading = line.heading_level > 0 && line.marker == Marker::none;
        bool plain_candidate = line.heading_level == 0 && line.marker == Marker::none;
        if (markdown_heading || plain_candidate) {
            std::string heading = clean_heading(line.text);
            bool short_enough = chars::count_words(heading) <= 6 || (chars::has_cjk(heading) && chars::count_letters(heading) <= 12);
            // "Program Committee: SC 2022" is a line of content, "Skills:" a heading (and so is
            // "Journal Articles (†: corresponding author)": a colon in a remark does not count).
            std::string_view t = text::trim(line.text);
            auto text_after_colon = [t] {
                const std::string bare = text::without_brackets(std::string(t));
                std::size_t colon = bare.find(':');
                return colon != std::string::npos && !text::trim(clean_heading(std::string_view(bare).substr(colon + 1))).empty();
            };
            bool styled = markdown_heading || line.bold || all_caps(heading);
            auto kind = short_enough && !text_after_colon() ? classify_heading(heading, styled) : std::nullopt;
            // "P UBLISHED PAPERS": small capitals from a PDF, a heading once its words are whole
            if (!kind && plain_candidate && !text_after_colon()) {
                if (auto whole = rejoin_small_caps(heading)) {
                    if ((kind = classify_heading(*whole, true))) heading = std::move(*whole);
                }
            }
            // "Thesis:", "Project:" in plain text label a detail of an entry.
            if (kind && !styled && is_entry_label(heading)) kind.reset();
            if (kind && (*kind == "education" || *kind == "publications") && supervised_remark(line.text)) kind = "teaching";
            // "PhD student" under a school's name is the degree studied there; "PhD Students"
            // heads a list of the students supervised.
            if (kind && !styled && *kind == "teaching" && starts_with_degree(heading) && text::fold_key(heading).ends_with(" student"))
                kind.reset();
            // "**TA,**" then the employer on the next line: a role that goes on, no heading.
            if (kind && !markdown_heading && !heading.empty() && heading.back() == ',') kind.reset();
            // "... Below are papers with a" + "major personal contribution.": the end of a
            // sentence wrapped onto its own line.
            if (kind && !styled && !cur.lines.empty() && !cur.lines.back().blank()) {
                std::string_view prev = text::trim(cur.lines.back().text);
                char last = prev.empty() ? '.' : prev.back();
                if (chars::is_lower(chars::first(t)) && (std::islower(static_cast<unsigned char>(last)) || last == ',')) kind.reset();
            }
            // a plain line, not a "# " heading: "\section*{Conferences}" after the papers lists talks
            if (kind && *kind == "talks" && !markdown_heading && cur.kind == "publications" && names_venue_type(heading))
                kind = cur.kind;
            // "## Experience" / "### Research": a kind of position under the experience
            // heading, listed like the others, no research statement of its own.
            if (kind && *kind == "research" && markdown_heading && cur.kind == "experience" && cur.level > 0 &&
                line.heading_level > cur.level)
                kind.reset();
            if (kind && markdown_heading) {
                const bool inside = students_level > 0 && line.heading_level > students_level;
                if (!inside) students_level = 0;
                if (inside && (*kind == "experience" || *kind == "education")) kind = "teaching";
                else if (!inside && *kind == "teaching") students_level = line.heading_level;
            }
            if (kind) {
                start(heading, *kind, line.heading_level);
                continue;
            }
            // "# Experience" straight followed by "# Work-wise": a sub-heading that keeps the kind.
            bool deeper_heading = cur.level > 0 && line.heading_level > cur.level;
            if (markdown_heading && !deeper_heading && cur.lines.empty() && cur.kind != "header" && cur.kind != "other" &&
                chars::count_words(heading) <= 4 && !chars::has_digit(heading)) {
                start(heading, cur.kind, line.heading_level);
                continue;
            }
            if (markdown_heading && cur.kind != "header") {
                // An unknown heading at the level of the section heading starts a
                // section of its own; a deeper one titles an entry of the section.
                bool sentence = chars::count_words(heading) > 8 || chars::has_digit(heading) || heading.empty();
                // (Under a sub-section a plain line opened, "Journals" or a card's link labels
                // "Journal Working paper", the level is that of the heading above it.)
                int level = cur.level;
                for (auto b = blocks.rbegin(); level == 0 && b != blocks.rend() && b->kind == cur.kind; ++b) level = b->level;
                bool deeper = level > 0 && line.heading_level > level;
                if (!sentence && !deeper) {
                    if (students_level > 0 && line.heading_level <= students_level) students_level = 0;
                    // "## Experience", "### Teaching", then "### Professional": a sub-heading beside
                    // another one under the experience heading stays in that section. It names a
                    // kind of work, no employer ("\subsection{Sea-going experience}"). (Under other
                    // kinds a sub-heading of no known kind is as often something else: "### Code"
                    // under publications, "\subsection{General IT}" under qualifications.)
                    auto enclosing = std::find_if(blocks.rbegin(), blocks.rend(), [&](const Block& b) {
                        return b.level > 0 && b.level < line.heading_level;
                    });
                    if (enclosing != blocks.rend() && enclosing->kind == "experience") {
                        start(heading, "experience", line.heading_level);
                        continue;
                    }
                    start(heading, "other", line.heading_level);
                    continue;
                }
            }
        }
        cur.lines.push_back(std::move(line));
    }
    for (auto& b : blocks)
        while (!b.lines.empty() && b.lines.back().blank()) b.lines.pop_back();
    // A header with nothing in it (the CV starts with a heading) is dropped.
    if (blocks.size() > 1 && blocks.front().lines.empty()) blocks.erase(blocks.begin());
    return blocks;
}

std::string block_text(const Block& block) {
    std::string out;
    std::vector<std::string> para;
    auto flush = [&] {
        if (para.empty()) return;
        if (!out.empty()) out += '\n';
        out += text::collapse_whitespace(join_lines(para));
        para.clear();
    };
    for (const Line& l : block.lines) {
        if (l.blank()) {
            flush();
            continue;
        }
        if (l.marker != Marker::none || l.heading_level > 0) flush();
        std::string t = l.text;
        if (l.marker == Marker::number && !l.label.empty()) t = "[" + l.label + "] " + t;
        para.push_back(std::move(t));
        if (l.heading_level > 0) flush();
    }
    flush();
    return out;
}

std::vector<Section> split_sections(std::string_view text) {
    std::vector<Section> out;
    for (const Block& b : split_blocks(text)) out.push_back(Section{b.heading, b.kind, block_text(b)});
    return out;
}

}  // namespace cvsearch::extract
