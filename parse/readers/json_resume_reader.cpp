// read_json_resume: JSON Resume (https://jsonresume.org/schema) -> Profile.
//
// The schema is followed where people follow it and bent where they do not:
// real files carry "work experience" or "Technical skills" keys, "'16" as a
// date, a string where an array belongs. Such drift is read; a value of a
// type that cannot mean anything (an object where a name belongs, "work": 3)
// is an Error naming the file and the JSON path ("$.work[2].startDate").
// Every part also becomes a Profile section, so search can highlight it.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "parse/extract/affiliation_parts.hpp"
#include "parse/extract/extract.hpp"
#include "parse/extract/lexicon.hpp"
#include "parse/readers/json_util.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/reader.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers {
namespace {

using json = nlohmann::ordered_json;  // keeps the file's order of parts for the sections

enum class Part { basics, work, education, volunteer, publications, awards, certificates, skills, interests,
                  languages, projects, ignored, other };

// Standard keys and the variants found in the wild, by what they hold.
Part part_of(std::string_view key) {
    std::string k = text::fold_key(key);
    auto has = [&](std::string_view w) { return k.find(w) != std::string::npos; };
    if (k == "basics") return Part::basics;
    if (k == "references" || k == "meta" || k == "schema") return Part::ignored;
    if (has("education")) return Part::education;
    if (has("volunteer")) return Part::volunteer;
    if (has("publication")) return Part::publications;
    if (has("award") || has("honor") || has("honour")) return Part::awards;
    if (has("certificate")) return Part::certificates;
    if (has("skill")) return Part::skills;
    if (has("interest")) return Part::interests;
    if (has("language")) return Part::languages;
    if (has("project")) return Part::projects;
    if (k == "work" || has("experience") || has("employment") || has("position")) return Part::work;
    return Part::other;
}

// The first year in a date: "2019-09-01", "Sep 2019", "2019", "'16".
std::optional<int> year_of(std::string_view s) {
    for (std::size_t i = 0; i + 4 <= s.size(); ++i) {
        bool digits = true;
        for (std::size_t k = 0; k < 4; ++k) digits = digits && utf8::is_ascii_digit(s[i + k]);
        bool bounded = (i == 0 || !utf8::is_ascii_digit(s[i - 1])) && (i + 4 == s.size() || !utf8::is_ascii_digit(s[i + 4]));
        if (digits && bounded && (s.substr(i, 2) == "19" || s.substr(i, 2) == "20")) return std::stoi(std::string(s.substr(i, 4)));
    }
    auto apos = s.find('\'');
    if (apos != std::string_view::npos && apos + 2 < s.size() && utf8::is_ascii_digit(s[apos + 1]) &&
        utf8::is_ascii_digit(s[apos + 2]) && (apos + 3 == s.size() || !utf8::is_ascii_digit(s[apos + 3]))) {
        int yy = (s[apos + 1] - '0') * 10 + (s[apos + 2] - '0');
        return yy < 50 ? 2000 + yy : 1900 + yy;
    }
    return std::nullopt;
}

bool means_present(std::string_view s) {
    std::string k = text::fold_key(s);
    return k.empty() || k == "present" || k == "now" || k == "current" || k == "ongoing" || k == "today" ||
           k.find("present") != std::string::npos;
}

std::string years_text(const std::optional<int>& start, const std::optional<int>& end, bool current) {
    std::string s = start ? std::to_string(*start) : "";
    if (current) return s.empty() ? s : s + " – present";
    if (end && end != start) s += (s.empty() ? "" : " – ") + std::to_string(*end);
    return s;
}

// "Ida (acquired by Acme in 2025, now Acme Fresh)": an aside in brackets that opens
// in lower case is a remark about the place, no part of its name ("Ecole X (Y
// University)" keeps its bracket: it names the place too).
std::string without_remark_aside(std::string s) {
    const std::size_t open = s.find(" (");
    if (open == std::string::npos || open + 2 >= s.size() || !std::islower(static_cast<unsigned char>(s[open + 2]))) return s;
    const std::size_t close = s.find(')', open);
    if (close == std::string::npos) return s;
    s.erase(open, close + 1 - open);
    return s;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (const auto& p : parts) {
        if (text::trim(p).empty()) continue;
        if (!out.empty()) out += sep;
        out += text::trim(p);
    }
    return out;
}

class ResumeReader {
  public:
    explicit ResumeReader(std::string_view name) : name_(name) {}

    Profile read(const json& root) {
        if (!root.is_object()) fail("$", std::string("expected an object, got ") + root.type_name());
        if (auto it = root.find("basics"); it != root.end() && !it->is_null()) basics(*it);
        if (p_.name.empty()) p_.name = top_level_name(root);
        for (const auto& [key, value] : root.items()) {
            Part part = part_of(key);
            if (part == Part::basics || part == Part::ignored || value.is_null()) continue;
            part_entries(part, key, value);
        }
        return std::move(p_);
    }

  private:
    [[noreturn]] void fail(const std::string& path, const std::string& what) const {
        throw Error(ErrorCode::parse, name_, "JSON Resume: " + path + ": " + what);
    }

    // A string field; numbers are read as text ("startDate": 2019), objects are an error.
    std::string str(const json& obj, std::initializer_list<std::string_view> keys, const std::string& path) const {
        for (std::string_view key : keys) {
            auto it = obj.find(std::string(key));
            if (it == obj.end() || it->is_null()) continue;
            if (it->is_string()) {
                std::string v(text::trim(it->get<std::string>()));
                if (!v.empty()) return v;
                continue;
            }
            if (it->is_number() || it->is_boolean()) return it->dump();
            fail(path + "." + std::string(key), std::string("expected a string, got ") + it->type_name());
        }
        return {};
    }

    // A list of strings; a lone string counts as one item.
    std::vector<std::string> list(const json& obj, std::string_view key, const std::string& path) const {
        std::vector<std::string> out;
        auto it = obj.find(std::string(key));
        if (it == obj.end() || it->is_null()) return out;
        const std::string where = path + "." + std::string(key);
        if (it->is_string()) {
            if (!text::trim(it->get<std::string>()).empty()) out.emplace_back(text::trim(it->get<std::string>()));
            return out;
        }
        if (!it->is_array()) fail(where, std::string("expected an array of strings, got ") + it->type_name());
        for (std::size_t i = 0; i < it->size(); ++i) {
            const json& v = (*it)[i];
            if (v.is_string()) { if (!text::trim(v.get<std::string>()).empty()) out.emplace_back(text::trim(v.get<std::string>())); }
            else if (v.is_number()) out.push_back(v.dump());
            else if (!v.is_null()) fail(where + "[" + std::to_string(i) + "]", std::string("expected a string, got ") + v.type_name());
        }
        return out;
    }

    // A file with JSON Resume's parts but no "basics" may name the person at its top:
    // {"fullname": "Ada Lovelace", "work": [...]}. Only a string counts.
    static std::string top_level_name(const json& root) {
        for (const char* key : {"name", "fullname", "fullName", "full_name"})
            if (auto it = root.find(key); it != root.end() && it->is_string()) return std::string(text::trim(it->get<std::string>()));
        return {};
    }

    void basics(const json& b) {
        if (!b.is_object()) fail("$.basics", std::string("expected an object, got ") + b.type_name());
        p_.name = str(b, {"name"}, "$.basics");
        p_.headline = str(b, {"label", "headline", "title"}, "$.basics");
        for (const auto& e : list(b, "email", "$.basics"))
            for (auto& found : markup::find_emails(e)) markup::add_unique(p_.emails, found);
        p_.homepage = str(b, {"url", "website", "homepage"}, "$.basics");
        std::vector<std::string> header = {p_.name, p_.headline};
        if (auto loc = b.find("location"); loc != b.end() && loc->is_object())
            header.push_back(join({str(*loc, {"city"}, "$.basics.location"), str(*loc, {"region"}, "$.basics.location"),
                                   str(*loc, {"countryCode", "country"}, "$.basics.location")},
                                  ", "));
        header.insert(header.end(), p_.emails.begin(), p_.emails.end());
        header.push_back(p_.homepage);
        profiles(b, header);
        add_section("", "header", join(header, "\n"));
        std::string summary = str(b, {"summary", "about"}, "$.basics");
        if (!summary.empty()) add_section("Summary", "summary", summary);
    }

    void profiles(const json& b, std::vector<std::string>& header) {
        auto it = b.find("profiles");
        if (it == b.end() || it->is_null()) return;
        if (!it->is_array()) fail("$.basics.profiles", std::string("expected an array, got ") + it->type_name());
        for (std::size_t i = 0; i < it->size(); ++i) {
            const std::string path = "$.basics.profiles[" + std::to_string(i) + "]";
            const json& pr = (*it)[i];
            if (!pr.is_object()) fail(path, std::string("expected an object, got ") + pr.type_name());
            std::string network = str(pr, {"network"}, path), url = str(pr, {"url"}, path);
            std::string k = text::fold_key(network);
            if (p_.homepage.empty() && (k == "homepage" || k == "website" || k == "personal website")) p_.homepage = url;
            header.push_back(join({network, url.empty() ? str(pr, {"username"}, path) : url}, ": "));
        }
    }

    void part_entries(Part part, const std::string& key, const json& value) {
        const std::string path = "$." + key;
        if (!value.is_array()) {
            if (part == Part::other) return;  // "meta"-like objects and scalars of an unknown key say nothing
            fail(path, std::string("expected an array, got ") + value.type_name());
        }
        std::vector<std::string> lines;
        for (std::size_t i = 0; i < value.size(); ++i) {
            const json& e = value[i];
            const std::string at = path + "[" + std::to_string(i) + "]";
            if (e.is_string() && part == Part::other) { lines.push_back("- " + e.get<std::string>()); continue; }
            if (!e.is_object()) fail(at, std::string("expected an object, got ") + e.type_name());
            entry(part, e, at, lines);
        }
        std::string heading = key;
        if (!heading.empty()) heading[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(heading[0])));
        add_section(heading, section_kind(part, key), join(lines, "\n"));
    }

    static std::string section_kind(Part part, std::string_view key) {
        switch (part) {
            case Part::work: return "experience";
            case Part::education: return "education";
            case Part::volunteer: return "service";
            case Part::publications: return "publications";
            case Part::awards: case Part::certificates: return "awards";
            case Part::skills: return "skills";
            case Part::interests: return "interests";
            case Part::languages: return "languages";
            case Part::projects: return "projects";
            default: {
                std::string k = text::fold_key(key);
                if (k.find("teach") != std::string::npos) return "teaching";
                if (k.find("talk") != std::string::npos || k.find("presentation") != std::string::npos) return "talks";
                if (k.find("service") != std::string::npos) return "service";
                return "other";
            }
        }
    }

    void entry(Part part, const json& e, const std::string& at, std::vector<std::string>& lines) {
        switch (part) {
            case Part::work: return work(e, at, lines);
            case Part::education: return education(e, at, lines);
            case Part::publications: return publication(e, at, lines);
            case Part::awards: return award(e, at, lines);
            case Part::skills: return keyworded(e, at, lines, p_.skills);
            case Part::interests: return keyworded(e, at, lines, p_.interests);
            default: return generic(e, at, lines);
        }
    }

    struct Dates {
        std::optional<int> start, end;
        bool current = false;
        std::string written;  ///< the range as one string ("Sept 2021 – April 2022"), when the entry gives it so

        std::string text() const { return written.empty() ? years_text(start, end, current) : written; }
    };

    Dates dates(const json& e, const std::string& at) const {
        Dates d;
        std::string start = str(e, {"startDate", "start", "from"}, at);
        std::string end = str(e, {"endDate", "end", "to"}, at);
        d.start = year_of(start);
        bool has_end_key = e.contains("endDate") || e.contains("end") || e.contains("to");
        if (!end.empty() && !means_present(end)) d.end = year_of(end);
        d.current = d.start && (!has_end_key || means_present(end));
        if (!d.end && !d.current && !end.empty()) d.end = year_of(end);
        if (d.start || e.contains("startDate") || e.contains("start") || e.contains("from")) return d;
        // {"period": "Sept 2021 – April 2022"}: the author's own schema gives the range as one string.
        std::string range = str(e, {"period", "dates", "date", "years", "duration"}, at);
        if (auto r = extract::find_year_range(range)) {
            d.start = r->start;
            d.end = r->end;
            d.current = r->current;
            d.written = range;  // (the section text keeps the months)
        }
        return d;
    }

    void details(const json& e, const std::string& at, std::vector<std::string>& lines) const {
        std::string summary = str(e, {"summary", "description"}, at);
        if (!summary.empty()) lines.push_back(summary);
        for (const auto& h : list(e, "highlights", at)) lines.push_back("- " + h);
    }

    // JSON Resume's "name" of a work or education entry is the place. A file that names
    // the place under a key of its own ({"name": "PhD in Physics", "school": "Example
    // University"}) uses "name" for the degree or the post: the place is that key's.
    std::string place_of(const json& e, std::initializer_list<std::string_view> place_keys, const std::string& at) const {
        std::string place = str(e, place_keys, at);
        return place.empty() ? str(e, {"name"}, at) : place;
    }

    // The entry's "name" when it is not its place: the degree or the post it names.
    std::string title_beside(const json& e, const std::string& place, const std::string& at) const {
        std::string name = str(e, {"name"}, at);
        return text::fold_key(name) == text::fold_key(place) ? std::string() : name;
    }

    void work(const json& e, const std::string& at, std::vector<std::string>& lines) {
        Affiliation a;
        a.kind = AffiliationKind::work;
        const std::string place =
            place_of(e, {"company", "organization", "organisation", "org", "institution", "employer", "school", "university"}, at);
        a.institution_raw = without_remark_aside(place);
        a.role = str(e, {"position", "title", "role"}, at);
        if (a.role.empty()) a.role = title_beside(e, place, at);
        Dates d = dates(e, at);
        a.start_year = d.start;
        a.end_year = d.end;
        a.current = d.current;
        // {"name": "Teaching Assistant", "position": "Teaching Assistant"}: the role, not an employer.
        if (text::fold_key(a.institution_raw) == text::fold_key(a.role)) a.institution_raw.clear();
        // An office in a society ("President" of an association) or a named chair is no place.
        const bool service = extract::is_service_office(a.role, a.institution_raw) || extract::is_named_chair(a.institution_raw);
        if (!service)
            for (const std::string& named : a.institution_raw.empty() ? std::vector<std::string>{""} : extract::institutions_named_together(a.institution_raw)) {
                Affiliation one = a;
                one.institution_raw = named;
                if (!one.institution_raw.empty() || !one.role.empty()) p_.affiliations.push_back(one);
            }
        const std::string shown = text::fold_key(place) == text::fold_key(a.role) ? std::string() : place;  // the remark too
        lines.push_back("- " + join({a.role, shown, str(e, {"location"}, at), d.text()}, " | "));
        details(e, at, lines);
    }

    void education(const json& e, const std::string& at, std::vector<std::string>& lines) {
        Affiliation a;
        a.kind = AffiliationKind::education;
        const std::string place = place_of(e, {"institution", "school", "university", "organization", "organisation", "org", "college"}, at);
        a.institution_raw = without_remark_aside(place);
        std::string type = str(e, {"studyType", "degree"}, at), area = str(e, {"area", "field", "major"}, at);
        if (type.empty()) type = title_beside(e, place, at);
        a.role = !type.empty() && !area.empty() ? type + " in " + area : type.empty() ? area : type;
        Dates d = dates(e, at);
        a.start_year = d.start;
        a.end_year = d.end;
        a.current = d.current;
        // "Helmholtz Institute & Friedrich Schiller Universität": studied at both.
        for (const std::string& named : a.institution_raw.empty() ? std::vector<std::string>{""} : extract::institutions_named_together(a.institution_raw)) {
            Affiliation one = a;
            one.institution_raw = named;
            if (!one.institution_raw.empty() || !one.role.empty()) p_.affiliations.push_back(one);
        }
        lines.push_back("- " + join({a.role, place, str(e, {"location"}, at), d.text(),
                                     str(e, {"score", "gpa"}, at)},
                                    " | "));
        details(e, at, lines);
        std::vector<std::string> courses = list(e, "courses", at);
        if (!courses.empty()) lines.push_back("Courses: " + join(courses, ", "));
    }

    void publication(const json& e, const std::string& at, std::vector<std::string>& lines) {
        Publication pub;
        pub.title = str(e, {"name", "title"}, at);
        pub.venue_raw = str(e, {"publisher", "venue", "journal", "conference"}, at);
        pub.year = year_of(str(e, {"releaseDate", "date", "year"}, at));
        pub.authors = list(e, "authors", at);
        if (!pub.title.empty()) p_.publications.push_back(pub);
        lines.push_back("- " + join({join(pub.authors, ", "), pub.title, pub.venue_raw, pub.year ? std::to_string(*pub.year) : ""}, ". "));
        std::string summary = str(e, {"summary", "description"}, at);
        if (!summary.empty()) lines.push_back(summary);
    }

    void award(const json& e, const std::string& at, std::vector<std::string>& lines) {
        std::string title = str(e, {"title", "name"}, at);
        std::optional<int> y = year_of(str(e, {"date", "year"}, at));
        std::string line = join({title, str(e, {"awarder", "issuer"}, at), y ? std::to_string(*y) : ""}, ", ");
        if (!title.empty()) markup::add_unique(p_.awards, line);
        lines.push_back("- " + line);
        std::string summary = str(e, {"summary", "description"}, at);
        if (!summary.empty()) lines.push_back(summary);
    }

    // skills and interests: {"name": "Machine learning", "keywords": ["GNNs", ...]}
    void keyworded(const json& e, const std::string& at, std::vector<std::string>& lines, std::vector<std::string>& into) {
        std::string name = str(e, {"name"}, at);
        std::vector<std::string> keywords = list(e, "keywords", at);
        markup::add_unique(into, name);
        for (const auto& k : keywords) markup::add_unique(into, k);
        std::string level = str(e, {"level"}, at);
        lines.push_back("- " + join({name, level, join(keywords, ", ")}, ": "));
    }

    // Volunteer work, projects, languages, certificates, and unknown parts: the
    // entry's text fields on one line, then its highlights.
    void generic(const json& e, const std::string& at, std::vector<std::string>& lines) {
        static const std::initializer_list<std::string_view> fields = {
            "name", "title", "organization", "position", "entity", "language", "fluency", "issuer", "institution", "school",
            "university", "company", "location"};
        std::vector<std::string> parts;
        for (std::string_view f : fields) parts.push_back(str(e, {f}, at));
        Dates d = dates(e, at);
        parts.push_back(d.written.empty() ? years_text(d.start, d.end, d.current && e.contains("startDate")) : d.written);
        if (!d.start) parts.push_back(str(e, {"date"}, at));
        lines.push_back("- " + join(parts, " | "));
        details(e, at, lines);
        std::vector<std::string> keywords = list(e, "keywords", at);
        if (!keywords.empty()) lines.push_back(join(keywords, ", "));
    }

    void add_section(const std::string& heading, const std::string& kind, const std::string& body) {
        if (text::trim(body).empty()) return;
        p_.sections.push_back({heading, kind, body});
    }

    std::string name_;
    Profile p_;
};

}  // namespace

Profile read_json_resume(std::string_view utf8, std::string_view name) {
    return ResumeReader(name).read(json_util::parse(utf8, name));
}

}  // namespace cvsearch::readers
