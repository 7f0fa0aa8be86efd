#include "parse/extract/lexicon.hpp"

#include <algorithm>
#include <array>
#include <unordered_set>
#include <vector>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"

namespace cvsearch::extract {
namespace {

std::vector<std::string> tokens_of(std::string_view part) {
    std::vector<std::string> out;
    std::string key = text::fold_key(part);
    for (std::string_view t : text::split(key, ' '))
        if (!t.empty()) out.emplace_back(t);
    return out;
}

// tokens_of(part).front() ("" when there is none), without folding the rest of `part`:
// fold_key() folds word by word and drops a word that folds to nothing.
std::string first_token(std::string_view part) {
    for (std::string_view w : text::words(part))
        if (std::string folded = text::fold_key(w); !folded.empty()) return folded;
    return {};
}


bool contains(const std::unordered_set<std::string>& set, const std::string& w) { return set.count(w) > 0; }

const std::unordered_set<std::string>& academic_words() {
    static const std::unordered_set<std::string> w = {
        "university", "universitat", "universite", "universidad", "universita", "universiteit", "universitet", "universidade",
        "uniwersytet", "univerzita", "universiti", "univ", "college", "institute", "institut", "instituto", "istituto", "school",
        "academy", "akademie", "hochschule", "ecole", "politecnico", "polytechnic", "polytechnique", "eth", "epfl", "conservatory",
        "seminary", "cnrs", "inria", "csic", "cern", "infn", "inserm", "technion", "universitatea", "fachhochschule",
        "gymnasium", "lycee", "observatory", "hospital", "clinic", "museum", "kaist", "postech", "mit", "caltech", "scuola",
        "escuela", "escola", "instytut", "politecnica", "hogeschool", "universidade", "universitario"};
    return w;
}

const std::unordered_set<std::string>& org_words() {
    static const std::unordered_set<std::string> w = {
        "inc", "corp", "corporation", "ltd", "llc", "gmbh", "company", "co", "foundation", "agency", "ministry", "council",
        "bank", "consortium", "labs", "laboratories", "laboratory", "lab", "center", "centre", "electronics",
        "plc", "ag", "srl", "bv", "oy", "kk", "limited", "incorporated", "group", "microsystems", "semiconductor",
        "pharmaceuticals", "therapeutics", "research", "ventures", "capital", "partners", "studios", "association",
        "society", "organization", "organisation", "fund", "trust", "commission", "department", "dept", "team",
        "division", "unit", "faculty"};
    return w;
}

const std::unordered_set<std::string>& role_words() {
    static const std::unordered_set<std::string> w = {
        "intern", "internship", "engineer", "scientist", "researcher", "professor", "lecturer", "postdoc", "postdoctoral",
        "fellow", "assistant", "associate", "student", "member", "director", "manager", "developer", "consultant", "analyst",
        "head", "lead", "leader", "chair", "instructor", "ta", "scholar", "visiting", "visitor", "founder", "cofounder", "ceo", "cto",
        "officer", "specialist", "architect", "programmer", "advisor", "adviser", "technician", "coordinator", "staff",
        "trainee", "apprentice", "candidate", "reader", "docent", "tutor", "demonstrator", "president", "vp", "principal",
        "affiliate", "postdoctorate", "employee", "owner", "partner", "editor", "writer", "designer", "administrator",
        "investigator", "faculty", "dean", "provost", "chancellor", "teacher", "doctoral", "graduate", "undergraduate",
        "phd", "degree", "bachelor", "bachelors", "master", "masters", "diploma", "doctorate", "habilitation", "mba",
        "msc", "bsc", "meng", "beng", "mphil", "dphil", "btech", "mtech", "laurea", "licence", "licenciatura", "magister",
        "msci", "mchem", "mphys", "mmath",  // the UK's integrated masters
        "exchange", "minor", "major", "certificate", "abd", "coop", "co-op", "contractor", "freelance", "freelancer",
        "volunteer", "ambassador", "mentor", "organizer", "secretary", "treasurer", "representative", "agent", "attache",
        "counsel", "physician", "resident", "nurse", "pharmacist", "statistician", "economist", "mathematician", "physicist",
        "chemist", "biologist", "geologist", "librarian", "curator", "ra", "gra", "gsr", "rf", "sde", "swe", "mts",
        // German, French, Spanish, Italian, Portuguese titles and degrees (folded)
        "mitarbeiter", "mitarbeiterin", "doktorand", "doktorandin", "promotion", "entwickler", "entwicklerin",
        "softwareentwickler", "softwareentwicklerin", "professorin", "dozent", "dozentin", "ingenieur", "ingenieurin",
        "praktikant", "praktikantin", "werkstudent", "werkstudentin", "wissenschaftler", "wissenschaftlerin", "leiter",
        "leiterin", "gruppenleiter", "gruppenleiterin", "diplom", "chercheur", "chercheuse", "doctorant", "doctorante",
        "doctorat", "stagiaire", "enseignant", "enseignante", "maitre", "charge", "chargee", "investigador", "investigadora",
        "profesor", "profesora", "becario", "becaria", "doctorado", "ricercatore", "ricercatrice", "dottorando",
        "dottoranda", "dottorato", "assegnista", "pesquisador", "pesquisadora", "doutorado", "doutorando", "doutoranda",
        "mestrado", "mestre", "docente"};
    return w;
}

// Degree abbreviations as written at the start of a part, dots and spaces removed.
bool degree_abbreviation(std::string_view squashed) {
    static const std::array<const char*, 40> d = {
        "phd",  "dphil", "drsc",  "dsc",  "dtech", "ms",   "msc",  "ma",  "meng", "mphil", "mba",  "mtech", "mres", "mas",
        "bs",   "bsc",   "ba",    "beng", "btech", "be", "bas",  "bba",   "dipling", "dipl", "mse", "mbbs",
        "md",   "jd",    "llm",   "llb",  "edd",  "scd", "dr",   "mfa",   "bfa",  "mpp", "msci", "mchem", "mphys", "mmath"};
    return std::any_of(d.begin(), d.end(), [&](const char* x) { return squashed == x; });
}

// Every significant word capitalized (connectors and numbers aside).
bool written_as_name(std::string_view part) {
    static const std::unordered_set<std::string> connectors = {"of", "and", "for", "the", "de", "&", "in", "at", "on", "y",
                                                               "fur", "für", "di", "du", "des", "la", "le", "del", "der", "und", "et"};
    for (std::string_view w : text::split(part, ' ')) {
        if (w.empty() || connectors.count(std::string(w))) continue;
        char32_t c = chars::first(w);
        if (chars::is_lower(c)) return false;
        if (chars::is_digit(c)) return false;
    }
    return true;
}

}  // namespace

bool is_acronym(std::string_view part) {
    std::string_view p = text::trim(part);
    if (p.size() < 2 || p.size() > 10 || p.find(' ') != std::string_view::npos) return false;
    std::size_t letters = chars::count_letters(p), upper = chars::count_upper(p);
    if (letters < 2 || chars::has_digit(p)) return false;
    if (upper == letters) return true;
    // "UMich", "EPFLab": at least two capitals, one of them after the first letter.
    return upper >= 2 && chars::is_upper(chars::first(p));
}

bool names_degree_in_parentheses(std::string_view part) {
    // "Ingeniería Informática (B.S. + M.Eng.)": the degree given in parentheses.
    std::size_t open = part.find('(');
    std::size_t close = open == std::string_view::npos ? open : part.find(')', open);
    if (close == std::string_view::npos) return false;
    std::string_view inner = part.substr(open + 1, close - open - 1);
    for (std::size_t b = 0; b < inner.size();) {
        while (b < inner.size() && (inner[b] == ' ' || inner[b] == '+' || inner[b] == ',' || inner[b] == '/' || inner[b] == '&')) ++b;
        std::size_t e = b;
        while (e < inner.size() && inner[e] != ' ' && inner[e] != '+' && inner[e] != ',' && inner[e] != '/' && inner[e] != '&') ++e;
        std::string_view word = inner.substr(b, e - b);
        // Dotted abbreviations only ("B.S.", "M.Eng."): "(BSC)" is the Barcelona Supercomputing Center.
        if (!word.empty() && word.find('.') != std::string_view::npos && starts_with_degree(word))
            return true;
        b = e;
    }
    return false;
}

bool starts_with_degree(std::string_view part) {
    std::string_view p = text::trim(part);
    // The first word (up to a space, comma or "in"), without dots and hyphens: "Ph.D." -> "phd".
    std::string squashed;
    std::size_t i = 0;
    std::size_t spaces = 0;
    for (; i < p.size() && squashed.size() < 8; ++i) {
        char c = p[i];
        if (c == '.' || c == '-') continue;
        if (c == ' ') {
            // "Ph. D." and "M. S." keep going over one space after a dot
            if (i > 0 && p[i - 1] == '.' && spaces == 0 && i + 1 < p.size() && std::isupper(static_cast<unsigned char>(p[i + 1]))) {
                ++spaces;
                continue;
            }
            break;
        }
        if (!std::isalpha(static_cast<unsigned char>(c))) break;
        squashed.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    // "MS" and "BA" must be written in capitals to count (not "Ma", "Be").
    if (degree_abbreviation(squashed)) {
        std::string_view first = p.substr(0, std::min(p.size(), p.find(' ')));
        return chars::count_upper(first) >= 2 || squashed.size() >= 3;
    }
    // The Latin order some universities keep ("A.M., Government", "A.B.", "S.M.", "Sc.B."),
    // with its dots only: "AB" and "SM" alone are company forms and names.
    if (squashed == "am" || squashed == "ab" || squashed == "sm" || squashed == "sb" || squashed == "scb" || squashed == "scm") {
        std::string_view first = p.substr(0, std::min(p.size(), p.find_first_of(" ,")));
        return std::count(first.begin(), first.end(), '.') >= 2;
    }
    const std::string first = first_token(p);
    if (first.empty()) return false;
    static const std::unordered_set<std::string> words = {"bachelor", "bachelors", "master", "masters", "doctor", "doctorate",
                                                          "diploma",  "licence",   "laurea", "magister", "habilitation",
                                                          "doctoral", "undergraduate", "graduate", "postgraduate"};
    return words.count(first) > 0;
}

bool is_role(std::string_view part) {
    std::string p = text::without_brackets(part);
    if (starts_with_degree(p)) return true;
    std::string squashed;
    for (char c : p)
        if (std::isalpha(static_cast<unsigned char>(c))) squashed.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (squashed.find("postdoc") != std::string::npos) return true;  // "Post-doc", "Post Doc"
    auto toks = tokens_of(p);
    if (toks.empty() || toks.size() > 10) return false;
    return std::any_of(toks.begin(), toks.end(), [](const std::string& t) { return contains(role_words(), t); });
}

bool names_event(std::string_view part) {
    static const std::unordered_set<std::string> events = {"hackathon", "olympiad", "bootcamp"};
    auto toks = tokens_of(text::without_brackets(part));
    for (std::size_t i = 0; i < toks.size(); ++i) {
        if (contains(events, toks[i])) return true;
        if (toks[i] == "summer" && i + 1 < toks.size() && (toks[i + 1] == "school" || toks[i + 1] == "of" || toks[i + 1] == "camp"))
            return true;
    }
    return false;
}

bool is_role_named_after_place(std::string_view part) {
    auto toks = tokens_of(text::without_brackets(part));
    if (toks.size() < 2 || toks.size() > 5 || !contains(role_words(), toks.back())) return false;
    static const std::unordered_set<std::string> places = {"university", "college", "school", "institute", "hospital"};
    if (toks.size() <= 3 && contains(places, toks.front())) return true;
    // "High School Physics Teacher": a person's title after the kind of place and a
    // subject. (Only titles of a person: "Graduate", "Staff", "Faculty" end names too.)
    static const std::unordered_set<std::string> person = {"teacher", "professor", "lecturer", "instructor", "tutor",
                                                           "researcher", "scientist", "engineer", "librarian", "counselor"};
    return contains(person, toks.back()) &&
           std::any_of(toks.begin(), toks.end() - 1, [](const std::string& t) { return contains(places, t); });
}

InstitutionStrength institution_strength(std::string_view part) {
    std::string p = text::without_brackets(part);
    auto toks = tokens_of(p);
    if (toks.empty() || toks.size() > 10) return InstitutionStrength::none;
    const std::string& first = toks.front();
    // "Institute Silver Medal", "University Research Prize": an honour, not a place.
    static const std::unordered_set<std::string> honours = {"medal", "award", "prize", "scholarship", "fellowship",
                                                            "honours", "honors", "grant", "distinction", "laureate"};
    if (toks.size() >= 2 && contains(honours, toks.back())) return InstitutionStrength::none;
    if (names_event(p)) return InstitutionStrength::none;
    // "Department of ...", "School of Computer Science", "Faculty of ..." are units of an institution.
    bool unit_lead = first == "department" || first == "dept" || first == "faculty" || first == "division" ||
                     ((first == "school" || first == "college" || first == "graduate") && toks.size() > 1 &&
                      (toks[1] == "of" || toks[1] == "school")) ||
                     first == "chair" || first == "centre" || first == "center";
    // "Lab of Imaging Science", "Group of ...": a unit named after its topic.
    bool unit_of = (first == "lab" || first == "laboratory" || first == "group") && toks.size() > 1 && toks[1] == "of";
    bool academic = false, org = false;
    for (std::size_t i = 0; i < toks.size(); ++i) {
        const std::string& t = toks[i];
        if (contains(academic_words(), t) || t.rfind("univ", 0) == 0 || t.find("universit") != std::string::npos) academic = true;
        else if (contains(org_words(), t)) org = true;
    }
    // The last word decides for labs and groups: "Computer Vision Lab" is a unit,
    // "Argonne National Laboratory" an organization (the caller prefers a
    // university next to a unit).
    const std::string& last = toks.back();
    bool unit_tail = last == "lab" || last == "group" || last == "team" || last == "unit" || last == "division" ||
                     (last.size() > 3 && last.compare(last.size() - 3, 3, "lab") == 0 && last != "lab");
    // "Corporate Research and Development": a company's unit, named by its work.
    // (At its end: "Example R&D Institute" is an organization.)
    if (const std::size_t n = toks.size(); n >= 2 && toks[n - 1] == "development" &&
                                           (toks[n - 2] == "research" || (n >= 3 && toks[n - 2] == "and" && toks[n - 3] == "research")))
        unit_lead = true;
    if (unit_lead) return InstitutionStrength::department;
    if (unit_of) return InstitutionStrength::unit;
    if (academic && !unit_tail) return InstitutionStrength::academic;
    if (unit_tail) return InstitutionStrength::unit;
    if (org) {
        // "Research" alone in "Research Assistant" is no organization; it is one at
        // the end of a name: "Example Research", "Example Research Asia".
        bool only_research = std::all_of(toks.begin(), toks.end(), [](const std::string& t) {
            return t == "research" || !contains(org_words(), t);
        });
        std::size_t at = static_cast<std::size_t>(std::find(toks.begin(), toks.end(), "research") - toks.begin());
        if (only_research && (toks.front() == "research" || is_role(p) || at + 2 < toks.size())) return InstitutionStrength::none;
        // An organization is written as a name: "Rennes 4 month research visit" is not one.
        if (!written_as_name(p)) return InstitutionStrength::none;
        if (std::any_of(toks.begin(), toks.end(), [](const std::string& t) { return t == "department" || t == "dept" || t == "faculty" || t == "division"; }))
            return InstitutionStrength::department;
        // "Center for ..." and "Institute for ..." name organizations; other parts with
        // title words ("Systems for Machine Learning") are project titles.
        static const std::unordered_set<std::string> lead_orgs = {"center", "centre", "foundation", "society", "association",
                                                                  "council", "agency", "office", "laboratory", "consortium"};
        bool org_for = false;  // "Turku Centre for Biotechnology", "Center for Data Science"
        for (std::size_t i = 0; i + 1 < toks.size(); ++i)
            if (contains(org_words(), toks[i]) && (toks[i + 1] == "for" || toks[i + 1] == "of" || toks[i + 1] == "on")) org_for = true;
        if (has_title_words(p) && !lead_orgs.count(toks.front()) && !org_for) return InstitutionStrength::none;
        return InstitutionStrength::org;
    }
    return InstitutionStrength::none;
}

// "Member | Example Working Group", "President, Example Association of Laser Users":
// an office held in a society, association, committee or working group is service
// to it, not a place the person worked or studied at.
bool is_service_office(std::string_view role, std::string_view inst) {
    static const std::array<std::string_view, 17> offices = {
        "member", "board member", "committee member", "elected member", "founding member", "president", "vice president",
        "secretary", "general secretary", "treasurer", "chair", "co chair", "vice chair", "chairman", "chairwoman",
        "chairperson", "officer"};
    std::string r = text::fold_key(role);
    if (std::find(offices.begin(), offices.end(), r) == offices.end()) return false;
    std::string body = " " + text::fold_key(text::without_brackets(inst)) + " ";
    static const std::array<std::string_view, 14> bodies = {
        " association ", " society ", " committee ", " council ", " board ", " federation ", " club ", " commission ",
        " panel ", " working group ", " task force ", " steering group ", " forum ", " interest group "};
    return std::any_of(bodies.begin(), bodies.end(), [&](std::string_view b) { return body.find(b) != std::string::npos; });
}

// "Example Royal Academy Research Chair", "Example Foundation Professorship": a named
// chair is a title held, not a place.
bool is_named_chair(std::string_view inst) {
    std::string key = text::fold_key(text::without_brackets(inst));
    return key.ends_with(" chair") || key.ends_with(" professorship");
}

bool is_country_or_state(std::string_view part) {
    std::string_view p = text::trim(part);
    static const std::unordered_set<std::string> states = {
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA",
        "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK",
        "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC", "ON", "QC", "BC",
        "AB", "NS", "USA", "US", "UK", "UAE", "PRC", "ROK"};
    std::string s;
    for (char c : p)
        if (c != '.') s.push_back(c);  // "D.C." -> "DC", "U.S.A." -> "USA"
    while (!s.empty() && s.back() == ')') s.pop_back();
    // "MI 48109": a state with a ZIP code.
    std::size_t sp = s.find(' ');
    if (sp != std::string::npos && sp == 2 && std::all_of(s.begin() + 3, s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '-'; }))
        s.resize(2);
    if (states.count(s)) return true;
    static const std::unordered_set<std::string> countries = {
        "usa", "united states", "united states of america", "u s a", "u s", "uk", "united kingdom", "england", "scotland",
        "wales", "ireland", "northern ireland", "canada", "mexico", "brazil", "argentina", "chile", "colombia", "peru",
        "china", "p r china", "pr china", "hong kong", "taiwan", "japan", "korea", "south korea", "republic of korea",
        "korea republic of", "singapore", "india", "pakistan", "bangladesh", "sri lanka", "nepal", "vietnam", "thailand",
        "malaysia", "indonesia", "philippines", "australia", "new zealand", "germany", "france", "italy", "spain",
        "portugal", "netherlands", "the netherlands", "belgium", "luxembourg", "switzerland", "austria", "denmark", "sweden",
        "norway", "finland", "iceland", "poland", "czech republic", "czechia", "slovakia", "hungary", "romania", "bulgaria",
        "greece", "turkey", "serbia", "croatia", "slovenia", "ukraine", "russia", "russian federation", "estonia", "latvia",
        "lithuania", "israel", "iran", "iraq", "saudi arabia", "united arab emirates", "uae", "qatar", "egypt", "nigeria",
        "kenya", "south africa", "ghana", "ethiopia", "morocco", "tunisia", "algeria", "jordan", "lebanon", "cyprus",
        "malta", "remote", "online", "hybrid", "virtual", "europe", "asia", "worldwide", "california", "massachusetts",
        "new york", "texas", "washington", "illinois", "pennsylvania", "michigan", "ontario", "quebec", "bavaria",
        "catalonia", "kazakhstan", "uzbekistan", "armenia", "georgia", "belarus", "moldova", "mongolia", "macau", "macao"};
    return countries.count(text::fold_key(s)) > 0;
}

bool is_location(std::string_view part, std::string_view next) {
    std::string_view p = text::trim(part);
    if (p.empty()) return false;
    if (is_country_or_state(p)) return true;
    // A city is recognized by what follows it: "Ann Arbor" + "MI", "Daejeon" + "Republic of Korea".
    if (!next.empty() && is_country_or_state(next)) {
        auto toks = tokens_of(p);
        return toks.size() <= 3 && institution_strength(p) == InstitutionStrength::none && !is_role(p) &&
               chars::is_upper(chars::first(p));
    }
    return false;
}

bool is_postal_address(std::string_view line) {
    static const std::unordered_set<std::string> streets = {
        "ave", "avenue", "street", "st", "road", "rd", "blvd", "boulevard", "drive", "dr", "lane", "ln", "way", "place",
        "pl", "square", "sq", "katu", "strasse", "straße", "str", "rue", "via", "gasse", "weg", "plaza", "parkway", "pkwy"};
    auto toks = tokens_of(line);
    auto number = [](const std::string& t) {
        return !t.empty() && t.size() <= 5 && std::all_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    };
    for (std::size_t i = 0; i < toks.size(); ++i) {
        if (!number(toks[i])) continue;
        // "5000 Forbes Ave": a street word within three words after the number; "katu 2": right before it.
        for (std::size_t k = i + 1; k < toks.size() && k <= i + 3; ++k)
            if (contains(streets, toks[k])) return true;
        if (i > 0 && contains(streets, toks[i - 1])) return true;
        // "Pittsburgh, PA 15213": a five-digit ZIP after a two-letter state.
        if (toks[i].size() == 5 && i > 0 && toks[i - 1].size() == 2 && is_country_or_state(toks[i - 1])) return true;
    }
    return false;
}

bool is_field_of_study(std::string_view part) {
    static const std::unordered_set<std::string> fields = {
        "science", "sciences", "engineering", "mathematics", "math", "physics", "biology", "chemistry", "economics",
        "statistics", "studies", "informatics", "medicine", "finance", "management", "administration", "psychology",
        "neuroscience", "linguistics", "philosophy", "history", "law", "education", "humanities", "design", "architecture",
        "geography", "geology", "astronomy", "astrophysics", "bioinformatics", "biostatistics", "epidemiology", "computing",
        "technology", "business", "accounting", "marketing", "communications", "literature", "sociology", "anthropology",
        "arts", "music", "nursing", "pharmacy", "ecology", "genetics", "mechanics", "electronics", "robotics",
        "intelligence",  // "Technology Consultant – Artificial Intelligence & Data Analytics"
        // medical specialties: "Resident Physician, General Surgery"
        "surgery", "pediatrics", "paediatrics", "radiology", "cardiology", "oncology", "neurology", "dermatology",
        "anesthesiology", "anaesthesiology", "pathology", "ophthalmology", "orthopedics", "orthopaedics", "urology",
        "dentistry", "gynecology", "obstetrics"};
    auto toks = tokens_of(text::without_brackets(part));
    if (toks.empty() || toks.size() > 8) return false;
    if (institution_strength(part) == InstitutionStrength::academic) return false;
    return std::any_of(toks.begin(), toks.end(), [&](const std::string& t) { return fields.count(t) > 0; }) &&
           std::none_of(toks.begin(), toks.end(), [](const std::string& t) { return t == "inc" || t == "ltd" || t == "corp"; });
}

bool has_title_words(std::string_view part) {
    static const std::unordered_set<std::string> words = {"for", "with", "using", "towards", "toward", "via", "on", "to",
                                                          "from", "by", "through", "into", "is", "are", "we", "a", "an",
                                                          "based", "driven", "aware"};
    auto toks = tokens_of(part);
    return std::any_of(toks.begin(), toks.end(), [&](const std::string& t) { return words.count(t) > 0; });
}

}  // namespace cvsearch::extract
