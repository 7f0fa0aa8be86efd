// read_any_json: a JSON CV in a schema of its author's own, read by key names
// and value shapes.
//
// Nobody agrees on a JSON CV schema: `{"profile": {"firstName": ...}}`,
// `{"cv": {"papers": [...]}}`, `"personal_info"`, `"employment"` entries with
// `"employer"` or `"organization"` or `"company"`, dates as `"year"`, `"dates"`,
// `"start"`/`"end"` or `"startDate"`. The reader walks every key path:
//   - a key whose words are a CV section heading ("publications", "papers",
//     "researchInterests", "work_experience") makes its value a section; the
//     section's entries are objects (fields read by key name), strings, or
//     arrays of strings, wrapped or not (`{"title": ..., "items": [...]}`,
//     objects keyed by entry id, skills grouped by category);
//   - a key that names the person's details ("profile", "personal", "basics",
//     "contact", ...) holds the name, e-mail, homepage and headline;
//   - any other object is walked into (`{"cv": {...}}`), and an array of
//     objects under an unknown key is taken for publications or positions
//     when its entries have the fields of one.
// A value of an unexpected type is passed over, never an error: a JSON CV
// gives what it holds. Entries given as free text ("Doe, J. Title. Venue,
// 2021.") are not guessed at here: they go to `free_text` as light markup,
// for the same extractor that reads text CVs.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "parse/extract/affiliation_parts.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/extract.hpp"
#include "parse/extract/lexicon.hpp"
#include "parse/extract/markup.hpp"
#include "parse/extract/pub_authors.hpp"
#include "parse/extract/pub_venue.hpp"
#include "parse/extract/publications.hpp"
#include "parse/readers/json_util.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/reader.hpp"

namespace cvsearch::readers {
namespace {

using json = nlohmann::ordered_json;

constexpr int kMaxDepth = 8;                // key paths deeper than this hold no CV structure
constexpr std::size_t kMaxFieldChars = 2000;  // longer strings are prose, not a field

// "startDate", "start_date", "Start-Date" -> "startdate": one spelling per key.
std::string squash(std::string_view key) {
    std::string out;
    for (char c : text::fold_key(key))
        if (c != ' ') out.push_back(c);
    return out;
}

// "researchInterests" -> "research Interests", "work_experience" -> "work experience":
// the words of a key, for the section-heading lexicon.
std::string key_words(std::string_view key) {
    std::string out;
    for (std::size_t i = 0; i < key.size(); ++i) {
        char c = key[i];
        if (c == '_' || c == '-' || c == '.') { out.push_back(' '); continue; }
        if (i > 0 && std::isupper(static_cast<unsigned char>(c)) && std::islower(static_cast<unsigned char>(key[i - 1])))
            out.push_back(' ');
        out.push_back(c);
    }
    return out;
}

bool one_of(const std::string& k, std::initializer_list<std::string_view> keys) {
    for (std::string_view x : keys)
        if (k == x) return true;
    return false;
}

// ---- key vocabulary (squashed keys) ----------------------------------------------------

bool is_person_key(const std::string& k) {
    return one_of(k, {"basics", "profile", "personal", "personalinfo", "personalinformation", "personaldetails", "person",
                      "contact", "contactinfo", "contactinformation", "info", "about", "aboutme", "header", "me", "owner",
                      "identity", "bio", "details", "author", "candidate"});
}

const std::initializer_list<std::string_view> kInstitutionKeys = {
    "institution", "organization", "organisation", "org", "school", "university", "company", "employer", "affiliation",
    "college", "institute", "workplace", "companyname", "institutionname", "organizationname", "schoolname", "employername"};
const std::initializer_list<std::string_view> kRoleKeys = {"position", "role", "title", "jobtitle", "degree", "studytype",
                                                            "subtitle", "rank", "positiontitle", "designation"};
const std::initializer_list<std::string_view> kFieldKeys = {"area", "field", "major", "subject", "discipline", "fieldofstudy"};
const std::initializer_list<std::string_view> kDateKeys = {"date", "dates", "year", "years", "period", "duration", "time",
                                                            "when", "timeframe", "daterange", "timeperiod"};
const std::initializer_list<std::string_view> kStartKeys = {"start", "startdate", "from", "begin", "since", "startyear", "started"};
const std::initializer_list<std::string_view> kEndKeys = {"end", "enddate", "to", "until", "endyear", "ended", "graduation",
                                                           "graduationdate", "graduationyear"};
const std::initializer_list<std::string_view> kTitleKeys = {"title", "name", "papertitle", "articletitle"};
const std::initializer_list<std::string_view> kVenueKeys = {
    "venue", "journal", "booktitle", "conference", "proceedings", "publishedin", "containertitle", "journaltitle",
    "journalname", "conferencename", "event", "outlet", "series", "in", "where", "source", "publication", "publisher"};
const std::initializer_list<std::string_view> kPubYearKeys = {"year", "date", "releasedate", "published", "issued", "pubdate",
                                                               "publicationdate", "publicationyear", "when"};
const std::initializer_list<std::string_view> kAuthorKeys = {"authors", "author", "coauthors", "creators", "authorlist"};
// Fields that hold prose or links, never a status: "We submitted ..." in an abstract says nothing.
const std::initializer_list<std::string_view> kProseKeys = {"abstract", "description", "summary", "notes", "note", "highlights",
                                                             "details", "url", "link", "doi", "pdf", "bibtex", "keywords"};
// A publication given as one formatted string inside an object.
const std::initializer_list<std::string_view> kCitationKeys = {"citation", "reference", "text", "entry", "apa", "mla",
                                                                "formatted", "full", "fullcitation", "ref"};
// A section wrapped in an object: {"title": "Publications", "items": [...]}.
const std::initializer_list<std::string_view> kItemKeys = {"items", "entries", "list", "content", "data", "values", "records",
                                                            "elements"};

// The section kind a key names, through the same lexicon as CV headings,
// plus the short forms JSON keys use.
std::optional<std::string> key_section_kind(std::string_view key) {
    std::string k = squash(key);
    if (one_of(k, {"pubs", "papers", "bib", "bibliography", "works", "articles", "publicationlist", "refereedpublications"}))
        return "publications";
    if (one_of(k, {"jobs", "work", "workhistory", "employmenthistory", "positions", "appointments", "career"})) return "experience";
    if (one_of(k, {"schools", "degrees", "studies", "academics"})) return "education";
    if (one_of(k, {"honours", "honors", "prizes"})) return "awards";
    if (one_of(k, {"confs", "presentations", "invitedtalks"})) return "talks";
    if (one_of(k, {"keywords", "researchareas", "topics", "researchtopics"})) return "interests";
    auto kind = extract::heading_kind(key_words(key));
    if (kind == "summary" && one_of(k, {"profile", "about"})) return std::nullopt;
    return kind;
}

// ---- small helpers ---------------------------------------------------------------------

// "Internship at Riken AIP \\textbf{Tokyo, Japan}": a JSON CV made to fill a LaTeX
// template holds LaTeX markup; formatting commands give their text ("Tokyo, Japan").
std::string without_tex_markup(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '\\' && i + 1 < s.size() && std::isalpha(static_cast<unsigned char>(s[i + 1]))) {
            std::size_t j = i + 1;
            while (j < s.size() && std::isalpha(static_cast<unsigned char>(s[j]))) ++j;
            if (j < s.size() && s[j] == '{') {  // "\\textbf{" -> the group's text
                i = j;
                continue;
            }
            out.append(s.substr(i, j - i));  // "\\LaTeX", "\\alpha": left as written
            i = j - 1;
            continue;
        }
        if (c == '\\' && i + 1 < s.size() && std::string_view("&%$#_").find(s[i + 1]) != std::string_view::npos) {
            out.push_back(s[++i]);  // "\\&" -> "&"
            continue;
        }
        if ((c == '{' || c == '}') && s.find('\\') != std::string_view::npos) continue;
        out.push_back(c);
    }
    return out;
}

std::string scalar_text(const json& v) {
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        if (s.size() > kMaxFieldChars) return {};
        if (s.find('\\') != std::string::npos) return std::string(text::trim(without_tex_markup(s)));
        // A JSON CV made to fill an HTML page: "Divar <span class=\"small\">(ads platform)</span>",
        // "Since Jan.&nbsp;2026" give their text.
        if (s.find('<') != std::string::npos || s.find('&') != std::string::npos)
            return std::string(text::trim(extract::clean_inline(s)));
        return std::string(text::trim(s));
    }
    if (v.is_number_integer() || v.is_number_unsigned()) return v.dump();
    return {};
}

// The scalar fields of an entry, by squashed key, nested objects included
// ({"institution": {"name_en": "..."}} gives "institution" the first name;
// {"head": {"title": ...}} gives "title"). The first value of a key wins.
struct Fields {
    std::vector<std::pair<std::string, std::string>> items;
    std::vector<std::string> lists;  ///< strings of arrays of strings ("highlights"), for the section text

    const std::string* find(const std::string& k) const {
        for (const auto& [key, value] : items)
            if (key == k) return &value;
        return nullptr;
    }
    std::string first(std::initializer_list<std::string_view> keys) const {
        for (std::string_view k : keys)
            if (const std::string* v = find(std::string(k)); v && !v->empty()) return *v;
        return {};
    }
    bool has(std::initializer_list<std::string_view> keys) const {
        for (std::string_view k : keys)
            if (find(std::string(k))) return true;
        return false;
    }
    void add(std::string key, std::string value) {
        if (!find(key)) items.emplace_back(std::move(key), std::move(value));
    }
};

void collect(const json& obj, Fields& f, int depth, const std::string& parent) {
    if (depth > 3) return;
    for (const auto& [key, value] : obj.items()) {
        std::string k = squash(key);
        if (value.is_string() || value.is_number()) {
            std::string s = scalar_text(value);
            // {"institution": {"name": "X", "acronym": "Y"}}: the parent key names the value.
            if (!parent.empty() && (one_of(k, {"name", "nameen", "fullname", "value", "text", "title"})) && !f.find(parent))
                f.add(parent, s);
            f.add(k, std::move(s));
        } else if (value.is_object()) {
            collect(value, f, depth + 1, k);
        } else if (value.is_array()) {
            std::vector<std::string> strings;
            for (const auto& e : value)
                if (e.is_string() || e.is_number()) {
                    std::string s = scalar_text(e);
                    if (!s.empty()) strings.push_back(std::move(s));
                }
            if (strings.empty()) continue;
            // "date": ["2019-09", "2023-06"] is a range; "degree": ["Ph.D."] a value.
            bool dates = one_of(k, kDateKeys);
            std::string joined;
            for (const auto& s : strings) joined += (joined.empty() ? "" : (dates ? " – " : ", ")) + s;
            if (one_of(k, kAuthorKeys) || dates || one_of(k, kRoleKeys) || one_of(k, kFieldKeys) || one_of(k, kInstitutionKeys))
                f.add(k, joined);
            else
                for (auto& s : strings) f.lists.push_back(std::move(s));
        }
    }
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (const auto& p : parts) {
        std::string_view t = text::trim(p);
        if (t.empty()) continue;
        if (!out.empty()) out += sep;
        out += t;
    }
    return out;
}

// "Internship at Riken AIP Tokyo, Japan, supervised by X (5 months)." ->
// {"Internship", "Riken AIP Tokyo"}: a role, " at ", and a capitalized name up to the
// first comma, bracket or clause.
std::optional<std::pair<std::string, std::string>> role_at_place(std::string_view role) {
    std::size_t at = role.find(" at ");
    if (at == std::string_view::npos || at == 0 || !extract::is_role(role.substr(0, at))) return std::nullopt;
    std::string_view rest = role.substr(at + 4);
    std::size_t end = rest.find_first_of(",;(");
    for (std::string_view clause : {" with ", " supervised ", " under ", " advised ", " in collaboration", " for ", " on "})
        end = std::min(end, rest.find(clause));
    std::string_view place = text::trim(rest.substr(0, end));
    while (!place.empty() && place.back() == '.') place.remove_suffix(1);
    if (place.empty() || !std::isupper(static_cast<unsigned char>(place.front())) || text::words(place).size() > 8) return std::nullopt;
    return std::pair<std::string, std::string>{std::string(text::trim(role.substr(0, at))), std::string(place)};
}

bool means_present(std::string_view s) {
    std::string k = text::fold_key(s);
    return k.empty() || k == "present" || k == "now" || k == "current" || k == "ongoing" || k == "today" ||
           k == "pursuing" || k == "expected" || k.find("present") != std::string::npos;
}

std::optional<int> first_year(std::string_view s) {
    auto years = extract::find_years(s);
    if (years.empty()) return std::nullopt;
    return years.front().year;
}

struct Years {
    std::optional<int> start, end;
    bool current = false;
};

Years years_of(const Fields& f) {
    Years y;
    std::string start = f.first(kStartKeys);
    if (!start.empty()) {
        y.start = first_year(start);
        bool has_end = f.has(kEndKeys);
        std::string end = f.first(kEndKeys);
        if (has_end && !means_present(end)) y.end = first_year(end);
        y.current = y.start && (!has_end || means_present(end));
        return y;
    }
    std::string dates = f.first(kDateKeys);
    if (dates.empty()) return y;
    if (auto r = extract::find_year_range(dates)) {
        y.start = r->start;
        y.end = r->end;
        y.current = r->current;
        // "2024 -", "2023--pursuing": an open range is a current one.
        std::string_view t = text::trim_end_any(dates, {" "});
        const bool open_end = t.back() == '-' || t.ends_with("–") || t.ends_with("—") || means_present(t.substr(t.find_last_of("-–— ") + 1));
        // ("2023--pursuing" may come back as 2023 to 2023: the word after the dash says it goes on.)
        if (!y.current && y.start && (!y.end || (*y.end == *y.start && extract::find_years(t).size() == 1)) && open_end &&
            t.find_first_of("-–—") != std::string_view::npos) {
            y.current = true;
            y.end.reset();
        }
    } else {
        y.start = first_year(dates);
    }
    return y;
}

std::string years_text(const Years& y) {
    std::string s = y.start ? std::to_string(*y.start) : "";
    if (y.current) return s.empty() ? s : s + " – present";
    if (y.end && y.end != y.start) s += (s.empty() ? "" : " – ") + std::to_string(*y.end);
    return s;
}

// "A. Doe; B. Roe", "Ann Doe, Bo Roe and Cy Poe", ["Ann Doe", {"name": "Bo Roe"}].
std::vector<std::string> authors_of(const json& entry) {
    std::vector<std::string> out;
    for (const auto& [key, value] : entry.items()) {
        if (!one_of(squash(key), kAuthorKeys)) continue;
        auto person = [](const json& v) -> std::string {
            if (v.is_string()) return std::string(text::trim(v.get_ref<const std::string&>()));
            if (!v.is_object()) return {};
            Fields f;
            collect(v, f, 2, {});
            std::string name = f.first({"name", "fullname", "literal"});
            if (!name.empty()) return name;
            return join({f.first({"given", "firstname", "first", "givenname"}), f.first({"family", "lastname", "last", "surname", "familyname"})}, " ");
        };
        if (value.is_array()) {
            for (const auto& a : value) markup::add_unique(out, person(a));
        } else if (value.is_string()) {
            std::string s = value.get<std::string>();
            // "Doe, J., Roe, R. K., Poe, C.": surname and initials pairs, as a citation writes them.
            if (std::vector<std::string> apa = extract::split_authors(s); apa.size() >= 2 && apa.front().find(", ") != std::string::npos) {
                for (auto& a : apa) markup::add_unique(out, a);
                break;
            }
            char sep = s.find(';') != std::string::npos ? ';' : ',';
            for (std::string_view part : text::split(s, sep)) {
                std::string p(text::trim(part));
                if (p.rfind("and ", 0) == 0) p = std::string(text::trim(std::string_view(p).substr(4)));
                for (std::size_t at; (at = p.find(" and ")) != std::string::npos;) {
                    markup::add_unique(out, std::string(text::trim(std::string_view(p).substr(0, at))));
                    p = std::string(text::trim(std::string_view(p).substr(at + 5)));
                }
                for (std::size_t at; (at = p.find(" & ")) != std::string::npos;) {
                    markup::add_unique(out, std::string(text::trim(std::string_view(p).substr(0, at))));
                    p = std::string(text::trim(std::string_view(p).substr(at + 3)));
                }
                markup::add_unique(out, p);
            }
        }
        break;
    }
    return out;
}

// ---- the walk ---------------------------------------------------------------------------

class AnyReader {
  public:
    JsonCv read(const json& root) {
        if (root.is_object()) {
            person(root);
            walk(root, 0);
        }
        finish_header();
        return std::move(cv_);
    }

  private:
    Profile& p() { return cv_.profile; }

    // The person's details: name, e-mail, homepage, headline, summary.
    void person(const json& obj) {
        Fields f;
        for (const auto& [key, value] : obj.items()) {
            std::string k = squash(key);
            if (value.is_string() || value.is_number()) f.add(k, scalar_text(value));
            else if (value.is_object() && one_of(k, {"name", "fullname"})) collect(value, f, 2, {});
            else if (value.is_object() && one_of(k, {"contact", "links", "social", "profiles", "urls", "web", "location", "address"}))
                collect(value, f, 2, k);
            else if (value.is_array() && one_of(k, {"email", "emails", "mail"}))
                for (const auto& e : value) emails(scalar_text(e));
        }
        if (p().name.empty()) {
            std::string full = f.first({"fullname", "name", "displayname", "preferredname"});
            std::string given = f.first({"firstname", "givenname", "given", "first", "forename", "firstnames"});
            std::string middle = f.first({"middlename", "middle"});
            std::string family = f.first({"lastname", "familyname", "family", "surname", "last", "surnames"});
            std::string name = full;
            if (name.empty()) name = join({given, middle, family}, " ");
            else if (!family.empty() && text::fold_key(name).find(text::fold_key(family)) == std::string::npos)
                name = join({name, family}, " ");  // {"name": "Ana", "surname": "Lima Souza"}
            if (plausible_name(name)) p().name = name;
        }
        emails(f.first({"email", "mail", "emailaddress", "contactemail"}));
        if (p().homepage.empty()) p().homepage = f.first({"website", "homepage", "url", "web", "site", "personalwebsite", "homepageurl"});
        if (p().headline.empty()) p().headline = f.first({"label", "headline", "tagline", "jobtitle", "currentposition", "position"});
        if (p().headline.empty() && !f.first({"title"}).empty() && !plausible_name(f.first({"title"})) && p().name != f.first({"title"}))
            p().headline = f.first({"title"});
        std::string summary = f.first({"summary", "about", "bio", "biography", "objective", "statement", "overview"});
        if (!summary.empty() && summary_.empty()) summary_ = summary;
    }

    static bool plausible_name(std::string_view s) {
        s = text::trim(s);
        if (s.empty() || s.size() > 80 || s.find('@') != std::string_view::npos || s.find("://") != std::string_view::npos)
            return false;
        std::size_t words = 0;
        const std::string collapsed = text::collapse_whitespace(s);  // split() gives views into it
        for (std::string_view w : text::split(collapsed, ' ')) words += !w.empty();
        for (char c : s)
            if (std::isdigit(static_cast<unsigned char>(c))) return false;
        return words <= 6;
    }

    void emails(const std::string& s) {
        for (auto& e : markup::find_emails(s)) markup::add_unique(p().emails, e);
    }

    void walk(const json& obj, int depth) {
        if (depth > kMaxDepth) return;
        for (const auto& [key, value] : obj.items()) {
            if (value.is_null()) continue;
            std::string k = squash(key);
            if (k.empty() || k == "schema" || k == "meta" || k == "references" || k == "settings" || k == "config") continue;
            if (is_person_key(k) && value.is_object()) {
                person(value);
                walk(value, depth + 1);
                continue;
            }
            std::optional<std::string> kind = key_section_kind(key);
            if (kind && *kind != "contact" && *kind != "references") {
                section(*kind, heading_of(key), value, depth);
                continue;
            }
            if (value.is_object()) { walk(value, depth + 1); continue; }
            if (value.is_array()) unnamed_list(key, value, depth);
        }
    }


    static std::string heading_of(std::string_view key) {
        std::string h = text::collapse_whitespace(key_words(key));
        if (!h.empty()) h[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(h[0])));
        return h;
    }

    // {"title": "Research Experience", "blocks": [...], "subsections": [...]}: an object
    // that a heading titles is a section of the kind the heading names; its lists hold
    // the entries, or sections under it (whose own heading, when it names no kind,
    // keeps the kind of the section above: "Lectures" under "Teaching Experience").
    static std::string title_of(const json& obj) {
        for (std::string_view t : {"title", "heading", "name", "label", "section"})
            if (auto it = obj.find(std::string(t)); it != obj.end() && it->is_string()) return it->get<std::string>();
        return {};
    }
    static std::optional<std::string> titled_kind(const json& obj) {
        if (!obj.is_object()) return std::nullopt;
        std::string title = title_of(obj);
        if (title.empty() || title.size() > 80) return std::nullopt;
        auto kind = extract::heading_kind(title);
        if (!kind || *kind == "contact" || *kind == "references" || *kind == "other") return std::nullopt;
        for (const auto& [k, v] : obj.items())
            if (v.is_array()) return kind;
        return std::nullopt;
    }
    void titled_section(const std::string& kind, const json& obj, int depth) {
        if (depth > kMaxDepth) return;
        const std::string heading = title_of(obj);
        for (const auto& [k, v] : obj.items()) {
            if (!v.is_array() || v.empty()) continue;
            // (Sections under it: a list its key calls so, or whose titles are headings;
            // a list of titled papers or positions holds entries.)
            const std::size_t headed =
                std::count_if(v.begin(), v.end(), [](const json& e) { return titled_kind(e).has_value(); });
            const bool sections =
                std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_object() && !title_of(e).empty(); }) &&
                (one_of(squash(k), {"subsections", "sections", "children", "groups", "parts"}) || headed * 2 > v.size());
            if (sections)
                for (const auto& sub : v) titled_section(titled_kind(sub).value_or(kind), sub, depth + 1);
            else
                section(kind, heading, v, depth + 1);
        }
    }

    // An array under a key that names no section: its entries' fields say what it is.
    void unnamed_list(const std::string& key, const json& arr, int depth) {
        std::size_t titled = 0, candidates = 0;
        for (const auto& e : arr) {
            if (!e.is_object()) continue;
            ++candidates;
            titled += titled_kind(e).has_value();
        }
        if (candidates > 0 && titled * 2 > candidates) {
            for (const auto& e : arr)
                if (auto kind = titled_kind(e)) titled_section(*kind, e, depth + 1);
                else if (e.is_object()) walk(e, depth + 1);
            return;
        }
        std::size_t pubs = 0, places = 0, objects = 0;
        for (const auto& e : arr) {
            if (!e.is_object()) continue;
            ++objects;
            Fields f;
            collect(e, f, 0, {});
            if (f.has(kTitleKeys) && (f.has(kAuthorKeys) || f.has({"venue", "journal", "booktitle", "conference", "doi"}))) ++pubs;
            else if (f.has(kInstitutionKeys) && (f.has(kDateKeys) || f.has(kStartKeys))) ++places;
        }
        if (objects == 0) return;
        if (pubs * 2 > objects) section("publications", heading_of(key), arr, depth);
        else if (places * 2 > objects) section("experience", heading_of(key), arr, depth);
        else
            for (const auto& e : arr)
                if (e.is_object()) walk(e, depth + 1);
    }

    // A section's value, in any of the shapes people give it.
    void section(const std::string& kind, std::string heading, const json& value, int depth) {
        if (depth > kMaxDepth) return;
        Sink sink{heading, kind, {}, {}};
        if (value.is_string()) {
            text_value(kind, value.get<std::string>(), sink);
        } else if (value.is_array()) {
            entries(kind, value, sink, depth);
        } else if (value.is_object()) {
            // {"title": "Selected Presentations", "items": [...]}
            // (Only one array in it: {"Programming": [...], "Data": [...]} groups skills.)
            const json* items = nullptr;
            std::size_t arrays = 0;
            for (const auto& [k, v] : value.items()) {
                if (!v.is_array()) continue;
                ++arrays;
                if (one_of(squash(k), kItemKeys)) items = &v;
            }
            if (arrays != 1) items = nullptr;
            if (items) {
                for (std::string_view t : {"title", "heading", "name", "label"})
                    if (auto it = value.find(std::string(t)); it != value.end() && it->is_string() && !it->get<std::string>().empty()) {
                        sink.heading = it->get<std::string>();
                        break;
                    }
                entries(kind, *items, sink, depth);
            } else if (looks_like_entry(value)) {
                entry(kind, value, sink);
            } else {
                // Entries keyed by an id ({"acme": {...}, "beta": {...}}) or grouped
                // by category ({"Programming": ["C", "Go"], "Tools": [...]}).
                for (const auto& [k, v] : value.items()) {
                    if (v.is_object()) entry(kind, v, sink);
                    else if (v.is_array()) {
                        if (kind == "skills" || kind == "interests") sink.lines.push_back("- " + heading_of(k) + ":");
                        entries(kind, v, sink, depth + 1);
                    } else if (v.is_string()) {
                        if (kind == "skills" || kind == "interests") text_value(kind, v.get<std::string>(), sink);
                        else sink.lines.push_back("- " + join({heading_of(k), scalar_text(v)}, ": "));
                    }
                }
            }
        }
        flush(sink);
    }

    // What a section gathers: display lines (structured entries) and lines
    // for the text extractor (free-text entries).
    struct Sink {
        std::string heading, kind;
        std::vector<std::string> lines;  ///< the section text of structured entries
        std::vector<std::string> free;   ///< free-text entries, for the extractor
    };

    static bool looks_like_entry(const json& obj) {
        std::size_t scalars = 0, containers = 0;
        for (const auto& [k, v] : obj.items()) {
            if (v.is_string() || v.is_number()) ++scalars;
            else if (v.is_object() || v.is_array()) ++containers;
        }
        return scalars > 0 && scalars >= containers;
    }

    // A group of entries inside a list: {"type": "Journal Papers", "papers": [...]}.
    // Its scalars only label it, and it holds a list under a key that names
    // entries ("items") or a section ("papers", "talks"). Returns that list's key.
    static const json* group_list(const json& obj, std::string& list_kind, const std::string& kind) {
        const json* list = nullptr;
        for (const auto& [k, v] : obj.items()) {
            std::string sk = squash(k);
            if (v.is_string() || v.is_number()) {
                if (!one_of(sk, {"type", "category", "heading", "label", "group", "section", "kind", "title", "name"})) return nullptr;
            } else if (v.is_array()) {
                if (v.empty() || list) return nullptr;  // two lists: an entry with fields, not a group
                std::optional<std::string> k_kind = key_section_kind(k);
                if (!one_of(sk, kItemKeys) && (!k_kind || *k_kind == "contact" || *k_kind == "references" || *k_kind == "other"))
                    return nullptr;
                list_kind = k_kind && !one_of(sk, kItemKeys) ? *k_kind : kind;
                list = &v;
            } else if (!v.is_null()) {
                return nullptr;
            }
        }
        return list;
    }

    void entries(const std::string& kind, const json& arr, Sink& sink, int depth) {
        for (const auto& e : arr) {
            std::string inner_kind;
            if (e.is_object() && depth < kMaxDepth) {
                if (const json* list = group_list(e, inner_kind, kind)) {
                    for (std::string_view t : {"type", "category", "heading", "label", "group", "section", "kind", "title", "name"})
                        if (auto it = e.find(std::string(t)); it != e.end() && it->is_string() && !it->get<std::string>().empty()) {
                            sink.lines.push_back(it->get<std::string>() + ":");
                            break;
                        }
                    entries(inner_kind, *list, sink, depth + 1);
                    continue;
                }
            }
            if (e.is_object()) {
                entry(kind, e, sink);
            } else if (e.is_string() || e.is_number()) {
                text_value(kind, scalar_text(e), sink);
            } else if (e.is_array() && depth < kMaxDepth) {
                // ["Optica", "Member", "2021 -"]: one entry written as a row.
                std::vector<std::string> cells;
                for (const auto& c : e) cells.push_back(scalar_text(c));
                text_value(kind, join(cells, ", "), sink);
            }
        }
    }

    void text_value(const std::string& kind, const std::string& s, Sink& sink) {
        std::string_view t = text::trim(s);
        if (t.empty()) return;
        if (kind == "skills" || kind == "interests" || kind == "languages") {
            auto& into = kind == "skills" ? p().skills : kind == "interests" ? p().interests : unused_;
            char sep = t.find(';') != std::string_view::npos ? ';' : ',';
            for (std::string_view part : text::split(t, sep)) {
                std::string v(text::trim(text::trim_end_any(part, {"."})));
                if (!v.empty() && v.size() <= 80 && kind != "languages") markup::add_unique(into, v);
            }
            sink.lines.push_back("- " + std::string(t));
        } else if (kind == "awards") {
            markup::add_unique(p().awards, std::string(t));
            sink.lines.push_back("- " + std::string(t));
        } else if (kind == "summary") {
            sink.lines.push_back(std::string(t));
        } else {
            sink.free.push_back("- " + std::string(t));
        }
    }

    void entry(const std::string& kind, const json& e, Sink& sink) {
        Fields f;
        collect(e, f, 0, {});
        if (f.items.empty()) return;
        if (kind == "publications") return publication(e, f, sink);
        // {"org": "Acme", "roles": [{"title": "Intern", "date": "2019"}, ...]}: one place,
        // several positions held there, each with its own dates.
        if ((kind == "experience" || kind == "education" || kind == "research") && !f.first(kInstitutionKeys).empty())
            for (const auto& [k, v] : e.items()) {
                if (!v.is_array() || v.empty() || !one_of(squash(k), {"roles", "positions", "titles", "appointments", "degrees", "jobs"}) ||
                    !std::all_of(v.begin(), v.end(), [](const json& r) { return r.is_object(); }))
                    continue;
                for (const auto& role : v) {
                    Fields rf;
                    collect(role, rf, 1, {});
                    for (const auto& item : f.items) rf.add(item.first, item.second);  // the place's own fields
                    place(kind, rf, sink);
                }
                return;
            }
        if (kind == "experience" || kind == "education" || kind == "research") return place(kind, f, sink);
        if (kind == "skills" || kind == "interests") {
            auto& into = kind == "skills" ? p().skills : p().interests;
            std::string name = f.first({"name", "title", "category", "label", "area"});
            markup::add_unique(into, name);
            for (const auto& k : f.lists) markup::add_unique(into, k);
            sink.lines.push_back("- " + join({name, join(f.lists, ", ")}, ": "));
            return;
        }
        std::vector<std::string> parts;
        for (const auto& [k, v] : f.items)
            if (!one_of(k, kProseKeys) && !v.empty() && v.find("://") == std::string::npos) parts.push_back(v);
        std::string line = join(parts, " | ");
        if (kind == "awards" && !line.empty()) {
            Years y = years_of(f);
            std::string title = f.first({"title", "name", "award", "honor", "rank", "prize"});
            markup::add_unique(p().awards, join({title.empty() ? line : title,
                                                 f.first({"awarder", "issuer", "funder", "organization", "organisation", "institution", "by"}),
                                                 y.start ? std::to_string(*y.start) : ""},
                                                ", "));
        }
        if (!line.empty()) sink.lines.push_back("- " + line);
        details(f, sink);
    }

    void details(const Fields& f, Sink& sink) {
        std::string d = f.first({"summary", "description", "details", "notes", "note"});
        if (!d.empty()) sink.lines.push_back(d);
        // A position's description that is a full citation ("Doe, Roe, and Poe. Title,
        // 2018, arXiv:1807.04575."): a paper named in the experience text.
        if (!d.empty() && sink.kind != "publications") {
            auto prefix = extract::author_prefix(d);
            if (prefix && prefix->authors.size() >= 2 && !extract::mentions_submission(d)) {
                Publication pub = extract::parse_publication(d);
                if (pub.year && text::words(pub.title).size() >= 3 && !pub.venue_raw.empty()) p().publications.push_back(std::move(pub));
            }
        }
        for (const auto& h : f.lists) sink.lines.push_back("- " + h);
    }

    // An education or work entry: the institution by key name, else the field
    // whose value reads most like an organization.
    void place(const std::string& kind, const Fields& f, Sink& sink) {
        Affiliation a;
        a.kind = kind == "education" ? AffiliationKind::education : AffiliationKind::work;
        std::string inst = f.first(kInstitutionKeys);
        std::string inst_key;
        if (inst.empty()) {
            auto best = extract::InstitutionStrength::none;
            for (std::string_view k : {"name", "location", "place", "where", "at", "title", "subtitle", "department", "lab", "group"}) {
                const std::string* v = f.find(std::string(k));
                if (!v || v->empty() || extract::is_role(*v) || extract::is_only_dates(*v)) continue;
                std::string first_part(text::trim(v->substr(0, v->find(','))));
                auto strength = extract::institution_strength(first_part);
                if (strength == extract::InstitutionStrength::department) strength = extract::InstitutionStrength::none;
                if (strength > best) { best = strength; inst = *v; inst_key = k; }
            }
            // JSON Resume's convention: a work entry's "name" is the employer.
            if (inst.empty() && kind != "education") {
                const std::string* v = f.find("name");
                if (v && !v->empty() && !extract::is_role(*v) && !extract::is_only_dates(*v)) { inst = *v; inst_key = "name"; }
            }
        }
        // The role: the first role field that reads as one ("subtitle": "Research Intern"
        // beside "title": "Robot Perception"), else the first role field.
        for (bool strict : {true, false}) {
            for (std::string_view k : kRoleKeys) {
                const std::string* v = f.find(std::string(k));
                if (v && !v->empty() && *v != inst && (!strict || extract::is_role(*v))) { a.role = *v; break; }
            }
            if (!a.role.empty()) break;
        }
        if (a.role.empty())
            if (const std::string* v = f.find("name"); v && !v->empty() && *v != inst && extract::is_role(*v)) a.role = *v;
        // {"position": "Internship at Riken AIP Tokyo, Japan, supervised by ..."}: no place
        // field, the role says where it was held.
        if (inst.empty() && !a.role.empty())
            if (auto at = role_at_place(a.role)) {
                inst = at->second;
                a.role = at->first;
            }
        std::string field = f.first(kFieldKeys);
        if (!field.empty() && text::fold_key(a.role).find(text::fold_key(field)) == std::string::npos)
            a.role = a.role.empty() ? field : a.role + " in " + field;
        Years y = years_of(f);
        a.start_year = y.start;
        a.end_year = y.end;
        a.current = y.current;
        a.institution_raw = inst;
        if (inst.empty() && a.role.empty()) {
            // Nothing the keys explain: let the text extractor read the entry's values.
            std::vector<std::string> parts;
            for (const auto& [k, v] : f.items)
                if (!one_of(k, kProseKeys)) parts.push_back(v);
            sink.free.push_back("- " + join(parts, ", "));
            return;
        }
        // An office in a society ("President" of an association) or a named chair is no place.
        const bool service = extract::is_service_office(a.role, inst) || extract::is_named_chair(inst);
        // "Helmholtz Institute & Friedrich Schiller Universität": at both.
        if (!inst.empty() && !service)
            for (const std::string& named : extract::institutions_named_together(inst)) {
                Affiliation one = a;
                one.institution_raw = named;
                p().affiliations.push_back(std::move(one));
            }
        std::string where = f.first({"location", "city", "place"});
        if (inst_key == "location" || inst_key == "place") where.clear();
        sink.lines.push_back("- " + join({a.role, inst, where, years_text(y)}, " | "));
        details(f, sink);
    }

    void publication(const json& e, const Fields& f, Sink& sink) {
        std::string title = f.first({"title", "papertitle", "articletitle"});
        if (title.empty()) title = f.first({"name"});
        std::string citation = f.first(kCitationKeys);
        if (title.empty() || (title == citation)) {
            // {"citation": "Doe, J. (2021). Title. Venue."}: text for the extractor.
            std::string whole = citation.empty() ? title : citation;
            if (!whole.empty()) sink.free.push_back("- " + whole);
            return;
        }
        Publication pub;
        pub.title = title;
        pub.authors = authors_of(e);
        for (std::string_view k : kVenueKeys) {
            const std::string* v = f.find(std::string(k));
            if (v && !v->empty() && *v != title && v->find("://") == std::string::npos) { pub.venue_raw = *v; break; }
        }
        // A status anywhere but in prose ("status": "submitted", "journal prefix":
        // "in preparation for") means the venue is where it is sent, not where it appeared.
        bool pending = false;
        for (const auto& [k, v] : f.items)
            if (!one_of(k, kProseKeys) && k != "title" && v.size() <= 60 && extract::mentions_submission(v)) pending = true;
        // {"title": ..., "citation": "Advanced Photonics, Vol. 6, 056002 (July 2024)."}: the
        // citation beside the title says where and when.
        const bool cites = !citation.empty() && citation != title && citation.find(title) == std::string::npos;
        if (pub.venue_raw.empty() && cites && !pending) {
            // (An arXiv id alone is the venue "arXiv", as in a text CV.)
            pub.venue_raw = extract::venue_from_rest(extract::strip_links_and_ids(citation));
            const bool arxiv = text::ascii_lower(citation).find("arxiv") != std::string::npos;
            if (arxiv && (pub.venue_raw.empty() || text::ascii_lower(pub.venue_raw).find("arxiv") != std::string::npos)) pub.venue_raw = "arXiv";
        }
        if (pending || extract::is_placeholder_venue(pub.venue_raw)) pub.venue_raw.clear();
        for (std::string_view k : kPubYearKeys) {
            const std::string* v = f.find(std::string(k));
            if (v && (pub.year = first_year(*v))) break;
        }
        if (!pub.year && cites) pub.year = first_year(extract::strip_links_and_ids(citation));
        if (pending) pub.kind = PublicationKind::preprint;
        p().publications.push_back(pub);
        sink.lines.push_back("- " + join({join(pub.authors, ", "), pub.title, pub.venue_raw, pub.year ? std::to_string(*pub.year) : ""}, ". "));
    }

    void flush(Sink& sink) {
        std::string body = join(sink.lines, "\n");
        if (!text::trim(body).empty()) p().sections.push_back({sink.heading, sink.kind, body});
        if (sink.free.empty()) return;
        std::string& t = cv_.free_text.text;
        t += "# " + (sink.heading.empty() ? sink.kind : sink.heading) + "\n";
        for (const auto& l : sink.free) (t += l) += '\n';
        t += '\n';
    }

    void finish_header() {
        std::vector<std::string> header = {p().name, p().headline};
        header.insert(header.end(), p().emails.begin(), p().emails.end());
        header.push_back(p().homepage);
        std::string body = join(header, "\n");
        if (!body.empty()) p().sections.insert(p().sections.begin(), Section{"", "header", body});
        if (!summary_.empty()) p().sections.insert(p().sections.begin() + (body.empty() ? 0 : 1), Section{"Summary", "summary", summary_});
    }

    JsonCv cv_;
    std::string summary_;
    std::vector<std::string> unused_;
};

}  // namespace

JsonCv read_any_json(std::string_view utf8, std::string_view name) {
    return AnyReader().read(json_util::parse(utf8, name));
}

bool is_cv_part_key(std::string_view key) {
    if (is_person_key(squash(key))) return true;
    auto kind = key_section_kind(key);
    return kind && *kind != "other";  // a heading no kind is known for ("Data") names no part
}

}  // namespace cvsearch::readers
