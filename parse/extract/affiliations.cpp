// Affiliations: institution, role and years from education and experience sections.
//
// Each line is cut into parts (at column gaps, pipes and commas) and every part
// classified: date, place, role/degree, institution (by strength: a university
// beats a company beats a lab), or unknown. Lines are then grouped into entries
// anchored by their institution. PDF text often puts the dates of several
// entries after all of them ("Univ A / PhD / Univ B / MS / Ann Arbor / 2021 -
// Present / Daejeon / 2016 - 2018"), so dates that are not on an entry's own
// lines are handed out to the undated entries in order.
#include "parse/extract/affiliations.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "core/text.hpp"
#include "parse/extract/affiliation_parts.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/lexicon.hpp"
#include "parse/normalize/normalize.hpp"

namespace cvsearch::extract {

using chars::count_words;
namespace {

using Strength = InstitutionStrength;

struct LineInfo {
    std::size_t index = 0;
    std::string inst;
    std::vector<std::string> also;  // institutions named with inst as one ("X University / Y Institute")
    Strength strength = Strength::none;
    std::string role;
    std::vector<YearRange> dates;
    bool location = false;
    std::size_t other_words = 0;  // words that are no date, place, role or institution
    bool bare_title = false;      // an entry title ("### Acme Corp", "**Acme Corp**") naming nothing else
    bool kind_of_work = false;    // an entry title that names a kind of work ("### Journalism"), not a place
    bool other_school = false;    // an education line naming a place no table knows: it inherits no school
    bool project = false;         // inst is the name of a project ("Project Aurora"): a place below it wins
};

struct Entry {
    std::string inst;
    std::vector<std::string> also;
    std::string role;
    std::vector<YearRange> dates;
    std::size_t line = 0;
    bool dated_here = false;  // dates came from the entry's own lines
    bool own_place = false;   // under a heading that names a kind of work: no place from the entry above
    bool other_place = false; // its line names a place of its own, unread: no place from the entry above
    bool project = false;     // its place is a project's name, until a line below names a place
    bool located = false;     // the line naming its place also names a town or country
};

// "M.Sc., Lyon INP-ENSEIRB, Lyon, France": in a degree line, a name no table knows,
// followed by its city, is the school (a field of study is no name of a place).
bool school_before_place(const std::vector<Part>& parts, std::size_t i) {
    return i + 1 < parts.size() && parts[i + 1].kind == Part::Kind::location && plain_name(parts[i].text) &&
           !is_field_of_study(parts[i].text) && !is_location(parts[i].text);
}

// A part of an education line that may name a school the tables do not know:
// such a line is not "a second degree at the school above".
bool names_unknown_school(const std::vector<Part>& parts) {
    return std::any_of(parts.begin(), parts.end(), [](const Part& p) {
        return p.kind == Part::Kind::unknown && !p.remark && plain_name(p.text) && !is_field_of_study(p.text) && !is_location(p.text);
    });
}

// "2019-… Assistant professor, University of X, Laboratory of Mathematics and their
// applications": a line that opens with its dates, or is a row of three or more short
// comma parts ("Assistant professor, University of X, Laboratory of ..." under its
// dates), and names an institution in one of its parts is an entry, however many
// lower-case words its unit's name has. A sentence ("Developed ...", "I ...") is not.
bool entry_line(std::string_view head) {
    auto spans = find_date_spans(head);
    const bool opens_dated = !spans.empty() && text::trim(head.substr(0, spans.front().begin)).empty();
    std::string_view rest = opens_dated ? head.substr(spans.front().end) : head;
    std::vector<std::string_view> parts = text::split(rest, ',');
    if (!opens_dated && parts.size() < 3) return false;
    std::string first = text::ascii_lower(text::trim(parts.front()).substr(0, text::trim(parts.front()).find(' ')));
    if (first == "i" || first == "we" || (first.size() > 4 && (first.ends_with("ed") || first.ends_with("ing")))) return false;
    bool names_place = false;
    for (std::string_view part : parts) {
        if (chars::count_words(part) > 8) {
            if (!opens_dated) return false;
            continue;
        }
        names_place |= institution_strength(text::trim(part)) >= Strength::org;
    }
    return names_place;
}

// A name as a company writes it: capitalized words, one at least no field of study
// ("Quill Design", "C4 Tech and Design"; not "Computer Science").
bool company_name(std::string_view text) {
    const auto words = text::words(text);
    if (words.empty() || words.size() > 5 || !chars::is_upper(chars::first(text)) || has_title_words(text)) return false;
    bool own_word = false;
    for (std::string_view w : words) {
        if (chars::has_digit(w) && chars::count_letters(w) == 0) return false;
        const std::string key = text::fold_key(w);
        if (key == "and" || key == "&" || key == "of") continue;
        if (!chars::is_upper(chars::first(w))) return false;
        own_word = own_word || !is_field_of_study(w);
    }
    return own_word;
}

// The institution of a line: the strongest institution part; a lab or unit
// yields to an acronym beside it ("Software Platform Lab, SNU" -> "SNU").
std::optional<std::size_t> pick_institution(const std::vector<Part>& parts, bool allow_elimination, bool education) {
    // A university outranks an institute beside it ("Kavli Institute, University of X").
    auto rank = [&](std::size_t i) {
        int r = static_cast<int>(parts[i].strength) * 2;
        if (parts[i].strength == Strength::academic && text::fold(parts[i].text).find("univ") != std::string::npos) ++r;
        return r;
    };
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].kind != Part::Kind::institution || parts[i].strength == Strength::department) continue;
        if (!best || rank(i) > rank(*best)) best = i;
    }
    // An acronym names the institution next to a unit ("Vision Lab, NFU"), when the
    // table knows it, or by elimination in an entry line.
    bool unit_beside = std::any_of(parts.begin(), parts.end(), [](const Part& p) {
        return p.kind == Part::Kind::institution && p.strength <= Strength::unit;
    });
    if (!best || parts[*best].strength <= Strength::unit) {
        for (std::size_t i = 0; i < parts.size(); ++i)
            if (parts[i].kind == Part::Kind::unknown && !parts[i].remark && is_acronym(parts[i].text) && !is_location(parts[i].text) &&
                (unit_beside || allow_elimination || normalize::find_institution(parts[i].text)))
                return i;
    }
    // "Example Research Center | Research Assistant, Institute of Climate Research": a
    // place named after the role is the role's unit when the line began with an institution.
    if (best) {
        auto role_at = std::find_if(parts.begin(), parts.end(), [](const Part& p) { return p.kind == Part::Kind::role; });
        std::size_t r = static_cast<std::size_t>(role_at - parts.begin());
        if (role_at != parts.end() && *best > r)
            for (std::size_t i = 0; i < r; ++i)
                if (parts[i].kind == Part::Kind::institution && parts[i].strength >= Strength::org) {
                    best = i;
                    break;
                }
    }
    // A lab or group alone names no institution ("Geometric Modeling Research Group").
    if (best && parts[*best].strength == Strength::unit) best.reset();
    if (best) return best;
    // "TA for Prof. Ann Doe, Advanced Programming": a role held for a person names no
    // place; what follows is a course or a topic.
    const bool for_person = std::any_of(parts.begin(), parts.end(), [](const Part& p) { return p.person; });
    if (!allow_elimination || for_person) return std::nullopt;
    bool has_context = std::any_of(parts.begin(), parts.end(), [](const Part& p) {
        return p.kind == Part::Kind::role || p.kind == Part::Kind::location;
    });
    if (!has_context) return std::nullopt;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].kind != Part::Kind::unknown || parts[i].remark) continue;
        if (education ? is_acronym(parts[i].text) || school_before_place(parts, i) : plain_name(parts[i].text)) return i;
        // "Quill Design, Intern, New York, NY": a company named with a word of a field
        // ("Design", "Technology") first, then a role and its place.
        if (!education && i == 0 && parts.size() >= 3 && parts[1].kind == Part::Kind::role &&
            std::any_of(parts.begin() + 2, parts.end(), [](const Part& p) { return p.kind == Part::Kind::location; }) &&
            company_name(parts[i].text))
            return i;
        if (!education) break;  // only the first unknown part may be the employer
    }
    // "Example Corp, China (2022 - 2025)": the employer read as a city before its country.
    bool country_next = parts.size() >= 2 && parts[1].kind == Part::Kind::location && parts[1].text.size() > 3;  // not "CA"
    if (!education && !parts.empty() && parts[0].city_by_neighbour && country_next && parts.size() <= 3 && plain_name(parts[0].text) &&
        std::none_of(parts.begin(), parts.end(), [](const Part& p) { return p.kind == Part::Kind::unknown && !p.remark; }))
        return 0;
    return std::nullopt;
}

// The role: the first role part, with the field after a degree ("Ph.D.", "Computer Science").
std::string pick_role(const std::vector<Part>& parts, std::optional<std::size_t> inst) {
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].kind != Part::Kind::role) continue;
        std::string role = parts[i].text;
        if (starts_with_degree(role) && i + 1 < parts.size() && parts[i + 1].kind == Part::Kind::unknown && inst != i + 1 &&
            is_field_of_study(parts[i + 1].text))
            role += ", " + parts[i + 1].text;
        return role;
    }
    return {};
}

// The campus after "University of X": kept when the table then knows the
// institution better ("University of California, Berkeley").
std::string with_campus(const std::vector<Part>& parts, std::size_t i) {
    std::string inst = parts[i].text;
    if (i + 1 >= parts.size() || parts[i + 1].kind != Part::Kind::unknown || parts[i + 1].remark ||
        parts[i].strength != Strength::academic || count_words(parts[i + 1].text) > 3)
        return inst;
    std::string joined = inst + ", " + parts[i + 1].text;
    auto alone = normalize::find_institution(inst);
    auto both = normalize::find_institution(joined);
    if (both && (!alone || alone->canonical != both->canonical)) return joined;
    return inst;
}

// "Wave Computing", "Example Systems of America": two to six words, each capitalized
// but for joining words, no digits.
bool capitalized_name(std::string_view text) {
    static const std::array<std::string_view, 6> joining = {"of", "and", "for", "the", "de", "&"};
    std::size_t words = 0;
    for (std::string_view w : text::split(text::trim(text), ' ')) {
        if (w.empty()) continue;
        ++words;
        if (std::find(joining.begin(), joining.end(), w) != joining.end()) continue;
        if (!chars::is_upper(chars::first(w)) || chars::has_digit(w)) return false;
    }
    return words >= 2 && words <= 6;
}

// A sub-heading or a whole bold line in an education or experience section titles
// an entry: it names the school or employer that the lines below it date.
// A line that is only an acronym in brackets: the name it stands for is on the line
// above, wrapped ("Example Theoretical Astrophysics Center\n(ETAC)").
bool bracketed_acronym(std::string_view text) {
    std::string_view t = text::trim(text);
    return t.size() > 2 && t.front() == '(' && t.back() == ')' && t.substr(1, t.size() - 2).find_first_of("()") == std::string_view::npos &&
           is_acronym(text::trim(t.substr(1, t.size() - 2)));
}

// "Home Address | 1-60-22 Toro-Cho, Saitama", "Date of Birth: 18 August 1992", "Nationality
// | Japan": a label of the CV owner's personal details opens the line. Its places are
// where the owner lives, its year the birth: no affiliation, no entry's date.
bool labels_personal_detail(std::string_view text) {
    const std::string key = text::fold_key(text.substr(0, 40));
    for (std::string_view label : {"home address", "work address", "office address", "postal address", "mailing address",
                                   "permanent address", "address", "date of birth", "birth date", "birthday", "born",
                                   "place of birth", "nationality", "citizenship", "marital status", "home phone", "mobile phone"})
        if (key.rfind(label, 0) == 0 && (key.size() == label.size() || key[label.size()] == ' ')) {
            const std::string_view after = text::trim(text.substr(std::min(text.size(), label.size())));
            return after.empty() || after.front() == '|' || after.front() == ':' || label != "address";
        }
    return false;
}

bool is_entry_title(const Line& line) { return line.heading_level > 0 || line.bold; }

// A row of a two-column table of labelled fields, as a reader joins its cells:
// "Employer: | Example University", "Period: | 2015 — 2019", "Degree: | Ph.D. in X".
// The label names nothing; the value is what the line says. A row of several fields
// ("Degree: | Ph.D. in X Period: | 2015 — 2019 University: | Example University": each
// cell after the first ends with the next label) becomes "dates | role | place".
// A row under another label ("Thesis Title:", "Supervisors:", "Lecturers:") is a detail
// of the entry: empty. No labelled row: nullopt.
std::optional<std::string> labeled_row(std::string_view text) {
    if (text.find(" | ") == std::string_view::npos) return std::nullopt;
    std::string s = text::replace_all(text, " | ", "\x1F");
    std::vector<std::string> cells;
    for (std::string_view c : text::split(s, '\x1F')) cells.emplace_back(text::trim(c));
    // The label at the end of a cell: "Scientist Period:" -> {"Scientist", "period"}.
    auto trailing_label = [](std::string_view cell) -> std::pair<std::string_view, std::string> {
        if (cell.empty() || cell.back() != ':') return {cell, {}};
        std::string_view body = text::trim(cell.substr(0, cell.size() - 1));
        // The last one to three capitalized words before the colon.
        std::size_t start = body.size();
        for (int w = 0; w < 3 && start > 0; ++w) {
            std::size_t end = start;
            while (end > 0 && body[end - 1] == ' ') --end;
            std::size_t b = end;
            while (b > 0 && body[b - 1] != ' ') --b;
            if (b == end || !chars::is_upper(chars::first(body.substr(b, end - b)))) break;
            start = b;
        }
        if (start == body.size()) return {cell, {}};
        return {text::trim(body.substr(0, start)), text::fold_key(body.substr(start))};
    };
    auto is_one = [](const std::string& label, std::initializer_list<std::string_view> words) {
        for (std::string_view w : words)
            if (label == w || (label.size() > w.size() && label.compare(label.size() - w.size(), w.size(), w) == 0 &&
                               label[label.size() - w.size() - 1] == ' '))
                return true;
        return false;
    };
    auto [before, label] = trailing_label(cells[0]);
    // (A label wrapped onto the row below loses its colon: "Main activities | ..." then
    // "and responsibilities: | ...".)
    const std::string first = text::fold_key(cells[0]);
    if (is_one(first, {"main activities", "activities", "responsibilities", "duties", "main tasks"})) return std::string();
    if (text.find(':') == std::string_view::npos) return std::nullopt;
    if (label.empty() || !before.empty() || count_words(label) > 3) return std::nullopt;  // the row opens with a label
    std::string place, role, dates;
    std::size_t known = 0;
    for (std::size_t i = 1; i < cells.size(); ++i) {
        auto [value, next] = i + 1 < cells.size() ? trailing_label(cells[i]) : std::pair{std::string_view(cells[i]), std::string()};
        if (is_one(label, {"employer", "university", "institute", "institution", "company", "organization", "organisation",
                           "school", "college", "host institution", "affiliation"}))
            place = value, ++known;
        else if (is_one(label, {"period", "dates", "date", "years", "duration", "when"}))
            dates = value, ++known;
        else if (is_one(label, {"degree", "position", "role", "title", "job title", "post", "appointment"}))
            role = value, ++known;
        if (next.empty()) break;
        label = std::move(next);
    }
    std::string out;
    for (const std::string* f : {&dates, &role, &place})
        if (!f->empty()) out += (out.empty() ? "" : " | ") + *f;
    return out;
}

LineInfo analyze(const Line& line, std::size_t index, bool education, bool header, bool research) {
    LineInfo info;
    info.index = index;
    if (line.blank()) return info;
    if (header && labels_personal_detail(line.text)) return info;  // "Home Address | ...", "Date of Birth | 1992"
    const std::optional<std::string> row = labeled_row(line.text);
    const std::string_view line_text = row ? std::string_view(*row) : std::string_view(line.text);
    if ((row && row->empty()) || (!row && is_detail_label(line.text))) return info;
    // "Waveform Systematics Research:" above the bullets of an entry: a topic that
    // introduces what follows, not a place.
    if (const std::string_view t = text::trim(line_text); t.ends_with(':') && t.find(',') == std::string_view::npos && line.marker == Marker::none)
        return info;
    if (header && is_postal_address(line_text)) return info;  // "Gates Hillman Center, 5000 Forbes Ave, ..."
    std::string head = entry_head(line_text);
    if (is_description(head) && !entry_line(head)) return info;
    std::string text = unglue_columns(cut_detail(head));
    // "date | role | place | institution | a description of the work ...": an entry macro's
    // last cells may be its description; the entry is in the cells before them.
    for (std::size_t bar = text.rfind(" | "); count_words(text) > 30 && bar != std::string::npos && bar > 0; bar = text.rfind(" | "))
        if (text.find(" | ") < bar || count_words(std::string_view(text).substr(0, bar)) <= 30) text.resize(bar);
        else break;
    if (count_words(text) > 30) return info;  // a description paragraph
    if (bracketed_acronym(text)) return info;  // "(CTAC)" wrapped below the name it abbreviates
    auto spans = find_date_spans(text);
    std::string rest;
    std::size_t at = 0;
    for (const auto& sp : spans) {
        rest += text.substr(at, sp.begin - at) + "\t";
        at = sp.end;
        info.dates.push_back(sp.range);
    }
    rest += text.substr(at);
    // A sub-heading is a project or group title unless it names an institution itself.
    std::vector<Part> parts = classify_parts(rest);
    // Research sections list project titles next to dates: only named institutions count there.
    const bool title = is_entry_title(line) && !header && !research;
    bool allow_elimination = (line.heading_level == 0 || title) && count_words(rest) <= 16 && !header && !research;
    // "date | role | institution | place | ...": the cells of a CV entry macro say what they are.
    if (!header && !research && !spans.empty()) {
        std::vector<std::string> cells;
        std::string s = text;
        s = text::replace_all(s, " | ", "\x1F");
        for (std::string_view c : text::split(s, '\x1F')) cells.emplace_back(text::trim(c));
        // "date | institution | role": the cell before a role cell names the place.
        const bool role_third = cells.size() >= 3 && is_only_dates(cells[0]) &&
                                std::any_of(parts.begin(), parts.end(), [&](const Part& p) { return p.kind == Part::Kind::role && p.text == cells[2]; });
        if (role_third) {
            for (auto& p : parts)
                if (p.kind == Part::Kind::unknown && !p.remark && p.text == cells[1] && plain_name(text::without_brackets(p.text)) &&
                    !is_location(p.text)) {
                    p.text = std::string(text::trim(text::without_brackets(p.text)));  // "X (its native name, UTU)" -> "X"
                    p.kind = Part::Kind::institution, p.strength = Strength::org;
                }
        } else if (cells.size() >= 3 && is_only_dates(cells[0])) {
            for (auto& p : parts) {
                std::string_view first_cell_part = std::string_view(cells[2]).substr(0, cells[2].find(','));
                // the cell's first part, or the whole cell kept as one ("Example Systems, S.A.")
                const bool cell = p.text == text::trim(first_cell_part) || p.text == cells[2];
                if (p.kind == Part::Kind::unknown && cell && plain_name(p.text) && !is_location(p.text))
                    p.kind = Part::Kind::institution, p.strength = Strength::org;
                if (p.kind == Part::Kind::unknown && p.text == cells[1]) p.kind = Part::Kind::role;
            }
        }
    }
    // "University of Jordan (Prof. Riyad Manasrah)", "2nd: Prof. Tal Ezer (Old Dominion
    // University)": a partner or a second supervisor named with their place, on a line
    // with no dates and no role, is no entry of the CV's owner. (A place named only
    // through the one supervisor of an internship, "Guide: Prof. X, Example University",
    // is where it was held: a label other than an ordinal keeps the line.)
    if (spans.empty() && std::none_of(parts.begin(), parts.end(), [](const Part& p) { return p.kind == Part::Kind::role; })) {
        const std::string_view t = text;
        auto ordinal_label = [&](std::size_t colon) {  // "1st:", "2nd:", "3rd:" before the colon
            std::size_t b = colon;
            while (b > 0 && std::isalnum(static_cast<unsigned char>(t[b - 1]))) --b;
            const std::string_view w = t.substr(b, colon - b);
            return w.size() >= 3 && std::isdigit(static_cast<unsigned char>(w[0])) &&
                   (w.ends_with("st") || w.ends_with("nd") || w.ends_with("rd") || w.ends_with("th"));
        };
        for (std::size_t i = 0; i < t.size(); ++i) {
            std::size_t before = i;
            while (before > 0 && t[before - 1] == ' ') --before;
            if (before > 0 && t[before - 1] != '(' && !(t[before - 1] == ':' && ordinal_label(before - 1))) continue;
            for (std::string_view h : {"Prof. ", "Prof ", "Professor ", "Dr. ", "Dr "})
                if (t.substr(i, h.size()) == h && i + h.size() < t.size() &&
                    chars::is_upper(chars::first(t.substr(i + h.size())))) {
                    LineInfo none;
                    none.index = index;
                    return none;
                }
        }
    }
    auto inst = pick_institution(parts, allow_elimination, education);
    // "Tidepool.ly, Taipei (startup SaaS platform)", "The Harbor Group, New Orleans": a name
    // and the city it is in, on a line with no dates and no role: the place where the
    // role written above it was held (a PDF's vertical layout: role, dates, place).
    // (The city a table knows, its description in brackets after it; any capitalized
    // place name after a name that has an organization's word, "Group", "Corp", or is
    // written as a web address is, "Tidepool.ly".)
    auto dotted_name = [](std::string_view name) {
        const std::size_t dot = name.find('.');
        return count_words(name) == 1 && dot != std::string_view::npos && dot > 0 && dot + 2 <= name.size() &&
               std::isalpha(static_cast<unsigned char>(name[dot + 1]));
    };
    auto city_like = [](const Part& p, bool org_name) {
        if (p.kind == Part::Kind::location) return true;
        const std::string place(text::trim(text::without_brackets(p.text)));
        if (p.kind != Part::Kind::unknown || place.empty() || count_words(place) > 3) return false;
        if (is_location(place)) return true;
        if (!org_name || is_field_of_study(place) || institution_strength(place) != InstitutionStrength::none) return false;
        for (std::string_view w : text::words(place))
            if (!chars::is_upper(chars::first(w))) return false;
        return true;
    };
    if (!inst && spans.empty() && !header && !research && parts.size() == 2 &&
        (parts[0].kind == Part::Kind::unknown || parts[0].kind == Part::Kind::institution) && !parts[0].remark &&
        !parts[0].person && !parts[1].remark && plain_name(parts[0].text) && !is_location(parts[0].text) &&
        rest.find(parts[0].text + ", ") != std::string::npos &&
        city_like(parts[1], parts[0].kind == Part::Kind::institution || dotted_name(parts[0].text))) {  // ("Institution: X" is a label)
        inst = 0;
        parts[0].kind = Part::Kind::institution, parts[0].strength = Strength::org;
    }
    // A role held for a person at no named place ("TA for Prof. Ann Doe, Compilers, Fall
    // 2012") opens no entry: it would take the place of the entry above.
    if (!inst && std::any_of(parts.begin(), parts.end(), [](const Part& p) { return p.person; })) {
        LineInfo none;
        none.index = index;
        return none;
    }
    // "Senior Software Engineer at Wave Computing (2018 - present)": the name a role is
    // held at, written as a name, even with words a topic has ("Computing", "Systems").
    if (!inst && allow_elimination && !education && !spans.empty())
        for (std::size_t i = 1; i < parts.size(); ++i)
            if (parts[i - 1].kind == Part::Kind::role && parts[i].kind == Part::Kind::unknown && !parts[i].remark &&
                rest.find(" at " + parts[i].text) != std::string::npos && capitalized_name(parts[i].text) &&
                !is_location(parts[i].text)) {
                inst = i;
                parts[i].kind = Part::Kind::institution, parts[i].strength = Strength::org;
                break;
            }
    if (inst && line.heading_level > 0 && !title && parts[*inst].strength < Strength::academic) inst.reset();
    // "### Acme Corp" alone: an employer if the lines below give it a role or dates (group_entries decides).
    // One plain word no table knows ("### Journalism", "### Sports") heads a kind of work, not a
    // place; one written as a name of its own ("### VisionX", "### UWPLSE", "### Spiky.ai") may be one.
    if (!inst && title && spans.empty() && parts.size() == 1 && parts[0].kind == Part::Kind::unknown && !parts[0].remark &&
        plain_name(parts[0].text) && !is_location(parts[0].text) && !is_only_dates(parts[0].text)) {
        std::string_view word = text::trim(parts[0].text);
        bool dotted = word.find('.') != std::string_view::npos && word.find('.') + 1 < word.size();  // "Spiky.ai"
        if (count_words(word) == 1 && !is_acronym(word) && !dotted) {
            info.kind_of_work = true;
            return info;
        }
        info.bare_title = true;
        info.inst = parts[0].text;
        info.strength = Strength::org;
        return info;
    }
    if (inst && header && parts[*inst].strength < Strength::org) inst.reset();
    if (inst) {
        info.inst = with_campus(parts, *inst);
        info.strength = parts[*inst].strength;
        for (std::size_t i = 0; i < parts.size() && parts[*inst].joined > 0; ++i)
            if (i != *inst && parts[i].joined == parts[*inst].joined && !parts[i].remark &&
                ((parts[i].kind == Part::Kind::institution && parts[i].strength >= Strength::org) ||
                 (parts[i].kind == Part::Kind::unknown && is_acronym(parts[i].text) && !is_location(parts[i].text))))
                info.also.push_back(parts[i].text);
    }
    const std::string inst_key = text::fold_key(info.inst);
    info.project = inst_key.rfind("project ", 0) == 0 || inst_key.ends_with(" project");
    info.other_school = education && !inst && names_unknown_school(parts);
    info.role = pick_role(parts, inst);
    // A service row or a named chair gives the entry nothing: no place, and no role
    // that would inherit the place of the entry above (the body may be no place a
    // table knows: "Member, Example Technical Working Group").
    const bool service = std::any_of(parts.begin(), parts.end(), [&](const Part& p) {
        return p.kind != Part::Kind::role && !p.remark && is_service_office(info.role, p.text);
    });
    if (service || (inst && is_named_chair(info.inst))) {
        LineInfo none;
        none.index = index;
        return none;
    }
    info.location = std::any_of(parts.begin(), parts.end(), [](const Part& p) { return p.kind == Part::Kind::location; });
    for (const auto& p : parts)
        if (p.kind == Part::Kind::unknown) info.other_words += count_words(p.text);
    return info;
}

YearRange merge(const std::vector<YearRange>& dates) {
    YearRange out;
    for (const auto& d : dates) {
        if (d.start && (!out.start || *d.start < *out.start)) out.start = d.start;
        if (d.end && (!out.end || *d.end > *out.end)) out.end = d.end;
        out.current |= d.current;
    }
    if (out.current) out.end.reset();
    return out;
}

// Dates written on lines of their own go to the entries that have none: in
// order when the counts match (PDF column layouts), else to the nearest entry
// above (or below, for dates before the first entry).
void assign_floating_dates(std::vector<Entry>& entries, const std::vector<std::pair<std::size_t, std::vector<YearRange>>>& floating) {
    std::vector<Entry*> undated;
    for (auto& e : entries)
        if (e.dates.empty()) undated.push_back(&e);
    if (!undated.empty() && undated.size() == floating.size()) {
        for (std::size_t i = 0; i < floating.size(); ++i) undated[i]->dates = floating[i].second;
        return;
    }
    for (const auto& [line, dates] : floating) {
        Entry* target = nullptr;
        for (auto& e : entries)
            if (e.line <= line && e.dates.empty()) target = &e;
        if (!target)
            for (auto& e : entries)
                if (e.line > line && e.dates.empty()) {
                    target = &e;
                    break;
                }
        if (target) target->dates = dates;
    }
}

AffiliationKind kind_of(const std::string& block_kind, const std::string& role) {
    std::string r = text::ascii_lower(role);
    if (r.find("visiting") != std::string::npos || r.find("visitor") != std::string::npos || r.find("sabbatical") != std::string::npos ||
        r.find("exchange") != std::string::npos)
        return AffiliationKind::visiting;
    if (block_kind == "education") return AffiliationKind::education;
    if (block_kind == "header" && starts_with_degree(role)) return AffiliationKind::education;
    return AffiliationKind::work;
}

std::vector<Entry> group_entries(const Block& block) {
    const bool education = block.kind == "education";
    std::vector<Entry> entries;
    std::vector<std::pair<std::size_t, std::vector<YearRange>>> floating;
    Entry* cur = nullptr;
    bool pending = false;  // cur came from a role or date line and waits for its institution
    // The line that gave cur its institution, role and dates; `none` when no line did.
    // (Not a std::optional: GCC 12 warns that its value may be used uninitialized.)
    constexpr std::size_t none = static_cast<std::size_t>(-1);
    std::size_t completed = none;
    std::vector<LineInfo> infos;
    for (std::size_t i = 0; i < block.lines.size(); ++i)
        infos.push_back(analyze(block.lines[i], i, education, block.kind == "header", block.kind == "research"));
    // An entry title names the place only when the next line of text gives a role
    // or dates and no place of its own ("### Acme Corp" + "Engineer, 2019 - 2021";
    // not "### Project Aurora" + "Research Assistant, Example University, 2020").
    for (std::size_t i = 0; i < infos.size(); ++i) {
        if (!infos[i].bare_title) continue;
        std::size_t j = i + 1;
        while (j < infos.size() && block.lines[j].blank()) ++j;
        bool dated_below = j < infos.size() && !infos[j].bare_title && infos[j].inst.empty() &&
                           (!infos[j].role.empty() || !infos[j].dates.empty());
        if (!dated_below) infos[i] = LineInfo{};
    }
    bool own_place = false;  // the entries below a kind-of-work heading, up to the next place
    for (std::size_t i = 0; i < block.lines.size(); ++i) {
        LineInfo& info = infos[i];
        if (info.kind_of_work) {
            cur = nullptr, pending = false, completed = none, own_place = true;
            continue;
        }
        // "2016-2019 | Research Assistant | University X" followed straight by
        // "Injury Prevention Center": a unit of the entry above, not a new place.
        bool bare = !info.inst.empty() && info.role.empty() && info.dates.empty();
        // "**Research Fellow, Project Aurora** (2023-2024)" over "Example University /
        // Example Institute, City": the project was worked on at the places named below it.
        if (bare && cur && cur->project && i - cur->line <= 2 && !block.lines[i - 1].blank()) {
            cur->inst = info.inst, cur->also = info.also, cur->project = false;
            continue;
        }
        // (Unless a new role line above waits for its institution.)
        const bool title = is_entry_title(block.lines[i]);
        // (A line that also gives a place, "University Y, Hagen, Germany", is the next entry.)
        if (bare && !title && !info.location && !pending && completed != none && i > 0 && !block.lines[i - 1].blank() &&
            i - completed <= 3)
            continue;
        if (!info.inst.empty()) {
            // A role line waiting for its institution gets it from the next lines
            // ("2005 - 2010  Dipl.-Ing., / University of X"), not across a blank line.
            bool near = cur && i - cur->line <= 2 && std::none_of(block.lines.begin() + static_cast<std::ptrdiff_t>(cur->line),
                                                                  block.lines.begin() + static_cast<std::ptrdiff_t>(i),
                                                                  [](const Line& l) { return l.blank(); });
            bool joins = cur && pending && !title && (near || cur->dates.empty()) && (info.role.empty() || cur->role.empty()) &&
                         (info.dates.empty() || cur->dates.empty());
            if (!joins) {
                entries.push_back(Entry{});
                entries.back().line = i;
            }
            cur = &entries.back();
            pending = false;
            own_place = false;
            cur->inst = info.inst;
            cur->also = info.also;
            cur->project = info.project;
            cur->located = info.location;
            if (cur->role.empty()) cur->role = info.role;
            if (!info.dates.empty() && cur->dates.empty()) cur->dates = info.dates, cur->dated_here = true;
            if (!cur->role.empty() && !cur->dates.empty()) completed = i;
        } else if (!info.role.empty()) {
            bool new_position = !cur || (!cur->role.empty() && (!info.dates.empty() || cur->dated_here));
            if (new_position) {
                entries.push_back(Entry{});
                entries.back().line = i;
                entries.back().own_place = own_place;
                entries.back().other_place = info.other_school;
                cur = &entries.back();
                pending = true;
                cur->role = info.role;
                cur->dates = info.dates;
                cur->dated_here = !info.dates.empty();
            } else if (cur->role.empty()) {
                cur->role = info.role;
                if (!info.dates.empty() && cur->dates.empty()) cur->dates = info.dates, cur->dated_here = true;
            }
            if (cur && !cur->inst.empty() && !cur->role.empty() && !cur->dates.empty()) completed = i;
        } else if (!info.dates.empty() && info.other_words <= 4) {  // not "shipped to production in 2023"
            floating.emplace_back(i, info.dates);
        }
    }
    // A second position at the same place ("Senior Researcher 2021 - / Researcher
    // 2019 - 2021") inherits the institution above it.
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (entries[i].inst.empty() && i > 0 && !entries[i].own_place && !entries[i].other_place) entries[i].inst = entries[i - 1].inst;
    entries.erase(std::remove_if(entries.begin(), entries.end(), [](const Entry& e) { return e.inst.empty(); }), entries.end());
    assign_floating_dates(entries, floating);
    // "AutoCAD" on a line of its own under an entry (the tool used there): one word no table
    // knows, with no role, no dates and no town, is too little to be a place.
    entries.erase(std::remove_if(entries.begin(), entries.end(), [](const Entry& e) {
                      return e.role.empty() && e.dates.empty() && e.also.empty() && !e.located && count_words(e.inst) == 1 &&
                             !normalize::find_institution(e.inst);
                  }),
                  entries.end());
    return entries;
}

}  // namespace

// "Ph.D. in Computer Science (expected" once "May 2026)" was read as a date:
// an aside left open at the end goes, with the punctuation before it.
static std::string tidy_role(const std::string& raw) {
    std::string role = text::collapse_whitespace(raw);
    std::size_t open = role.rfind('(');
    if (open != std::string::npos && role.find(')', open) == std::string::npos) role.erase(open);
    while (!role.empty() && (role.back() == ' ' || role.back() == ',' || role.back() == ';')) role.pop_back();
    return role;
}

std::vector<Affiliation> extract_affiliations(const Block& block) {
    std::vector<Affiliation> out;
    for (const Entry& e : group_entries(block)) {
        if (block.kind == "header" && e.dates.empty()) continue;
        std::vector<std::string> named = {e.inst};
        named.insert(named.end(), e.also.begin(), e.also.end());
        for (const std::string& inst : named) {  // the same role and years at each place named with it
            Affiliation a;
            a.institution_raw = tidy_institution(inst);
            a.role = tidy_role(e.role);
            a.kind = kind_of(block.kind, e.role);
            YearRange r = merge(e.dates);
            a.start_year = r.start;
            a.end_year = r.end;
            a.current = r.current;
            if (std::find(out.begin(), out.end(), a) == out.end()) out.push_back(std::move(a));
        }
    }
    return out;
}

}  // namespace cvsearch::extract
