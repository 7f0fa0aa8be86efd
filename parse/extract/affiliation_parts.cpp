// Entry lines cut into parts: dates out, then column gaps, pipes, commas and
// " at " split the rest; each part is a role, a place, an institution or unknown.
#include "parse/extract/affiliation_parts.hpp"

#include <algorithm>
#include <array>

#include "core/text.hpp"
#include "parse/extract/affiliations.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"
#include "parse/normalize/normalize.hpp"

namespace cvsearch::extract {

using chars::count_words;

using Strength = InstitutionStrength;

// Detail lines of an entry that name people or topics, not places.
static bool is_detail_word(const std::string& label) {
    static const std::array<const char*, 59> labels = {
        "last updated", "updated", "last modified", "last revised", "revised", "as of",  // a CV's date stamp
        "opponent", "examiner", "examiners", "jury", "reviewers",                       // a thesis defence
        "advisor", "advisors", "adviser", "supervisor", "supervisors", "thesis", "dissertation", "gpa", "topic", "thesis topic",
        "major", "minor", "coursework", "courses", "relevant coursework", "committee", "mentor", "mentors", "host", "focus",
        "project", "projects", "keywords", "honors", "awards", "grade", "description", "responsibilities", "pi", "co advisor",
        "partners", "partner", "task", "tasks", "location", "collaborators", "funding", "duration", "reference", "references",
        "skills", "technical skills", "programming", "programming languages", "languages", "software", "tools",  // a skills line
        "software development"};  // the software written in a position: "Software development: Example-Solver"
    return std::any_of(labels.begin(), labels.end(), [&](const char* l) { return label == l; }) ||
           label.find("advisor") != std::string::npos || label.find("supervisor") != std::string::npos ||
           label.find("thesis") != std::string::npos ||
           // "Cooperating Organization:", "Partner institutions:", "In collaboration with:": the others' places
           label.find("cooperating") != std::string::npos || label.find("collaborat") != std::string::npos ||
           label.find("partner") != std::string::npos;
}

bool is_detail_label(std::string_view text) {
    std::size_t colon = text.find(':');
    if (colon == std::string_view::npos || colon > 40) return false;
    return is_detail_word(text::fold_key(text.substr(0, colon)));
}

// "Ph.D. in Physics, Advisor: Prof. X": the detail after a label is no part of the entry.
std::string_view cut_detail(std::string_view text) {
    for (std::size_t colon = text.find(':'); colon != std::string_view::npos; colon = text.find(':', colon + 1)) {
        std::size_t b = colon;
        while (b > 0 && (std::isalpha(static_cast<unsigned char>(text[b - 1])) || text[b - 1] == ' ' || text[b - 1] == '-')) --b;
        std::string_view label = text::trim(text.substr(b, colon - b));
        // The label is the last one or two words before the colon.
        std::size_t sp = label.rfind(' ');
        std::string_view last = sp == std::string_view::npos ? label : label.substr(sp + 1);
        if (is_detail_word(text::fold_key(last)) || is_detail_word(text::fold_key(label))) {
            std::size_t cut = static_cast<std::size_t>(last.data() - text.data());
            return text.substr(0, cut);
        }
    }
    return text;
}

// A final dot belongs to abbreviations ("Inc.", "Ph.D.", "Univ.") and stays.
static bool dot_is_abbreviation(std::string_view p) {
    std::size_t space = p.rfind(' ');
    std::string_view last = space == std::string_view::npos ? p : p.substr(space + 1);
    if (last.size() >= 2 && last.substr(0, last.size() - 1).find('.') != std::string_view::npos) return true;  // "Ph.D."
    std::string l = text::ascii_lower(last);
    return l == "inc." || l == "co." || l == "corp." || l == "ltd." || l == "univ." || l == "jr." || l == "st." || last.size() == 2;
}

static std::string_view trim_part(std::string_view p) {
    auto junk = [](char c) { return c == ' ' || c == '\t' || c == ',' || c == ';' || c == ':' || c == '|' || c == '-' || c == '*'; };
    while (!p.empty() && (junk(p.front()) || p.front() == '.')) p.remove_prefix(1);  // ". Example Lab" after a cut
    while (!p.empty() && (junk(p.back()) || (p.back() == '.' && !dot_is_abbreviation(p)))) p.remove_suffix(1);
    // An unbalanced bracket left over from a cut: "China (" and ") Example Corp".
    while (!p.empty() && (p.back() == '(' || p.back() == '[' || p.back() == ' ')) p.remove_suffix(1);
    while (!p.empty() && (p.front() == ')' || p.front() == ']' || p.front() == ' ')) p.remove_prefix(1);
    if (!p.empty() && (p.front() == '(' || p.front() == '[') && p.find_first_of(")]") == std::string_view::npos) p.remove_prefix(1);
    if (!p.empty() && (p.back() == ')' || p.back() == ']') && p.find_first_of("([") == std::string_view::npos) p.remove_suffix(1);
    p = text::trim(p);
    // "Coastal Processes Research Group and" (the next place on the next line): the
    // conjunction that joined them is no part of the name.
    for (std::string_view tail : {" and", " &", " und", " et", " y"})
        if (p.size() > tail.size() + 2 && p.ends_with(tail)) return text::trim(p.substr(0, p.size() - tail.size()));
    return p;
}

// Replaces column separators with tabs so one split finds every cell.
static std::string mark_cells(std::string s) {
    // Also link and bullet glyphs between an employer and its city: "Microsoft [↗] Bangalore", "BSc ♦ Example U".
    static const std::array<std::string_view, 15> seps = {" | ", "|", " \xC2\xB7 ", " \xE2\x80\xA2 ", " \xE2\x80\x94 ", " \xE2\x80\x93 ",
                                                          " - ", " -- ", "   ", ": ", "[\xE2\x86\x97]", "\xE2\x86\x97",
                                                          "\xE2\x99\xA6", "\xE2\x97\x86", "\xE2\x96\xAA"};
    for (auto sep : seps) {
        s = text::replace_all(s, sep, "\t");
    }
    s = text::replace_all(s, "  ", "\t");
    // "Example University, Finland. Faculty of Science": a sentence end between parts.
    for (std::size_t i = 1; i + 2 < s.size(); ++i)
        if (s[i] == '.' && s[i + 1] == ' ' && std::isupper(static_cast<unsigned char>(s[i + 2])) &&
            std::islower(static_cast<unsigned char>(s[i - 1])) && i >= 4 && std::islower(static_cast<unsigned char>(s[i - 2])))
            s.replace(i, 2, "\t");
    return s;
}

// "University at Buffalo", "University of Texas at Austin", "State College at Oneonta": a
// university named by its campus town, one name and no role before a place.
static bool university_at_place(std::string_view left, std::string_view right) {
    right = right.substr(0, right.find_first_of(",;("));  // "Buffalo, The State University of New York"
    const auto lw = text::words(left);
    const auto rw = text::words(right);
    if (lw.empty() || rw.empty() || rw.size() > 3 || !chars::is_upper(chars::first(right))) return false;
    const std::string first = text::fold_key(lw.front()), last = text::fold_key(lw.back());
    return (first == "university" && (lw.size() == 1 || text::fold_key(lw[1]) == "of")) || last == "university" || last == "college";
}

// " at " and " @ " join a role and its institution: "Research Intern at NVIDIA";
// " as ", " within ", " under " start a remark after it: "X University as a Fellow within Y".
static std::vector<std::string> split_at_word(std::string_view cell) {
    std::vector<std::string> out;
    std::string s(cell);
    // "University of X Department of Y": the unit glued to its institution.
    for (std::string_view unit : {" Department of ", " School of ", " Faculty of ", " Program in ", " Programme in ", " Dept. of "}) {
        std::size_t at = s.find(unit);
        if (at != std::string::npos && at > 0 && institution_strength(s.substr(0, at)) >= Strength::org) {
            auto head = split_at_word(s.substr(0, at));
            head.push_back(s.substr(at + 1));
            return head;
        }
    }
    // "X Institute of Technology, Kolkata Affiliated to Y University": the school attended
    // is X; the university that awards its degrees is a remark.
    for (std::string_view remark : {" affiliated to ", " Affiliated to ", " affiliated with ", " Affiliated with ", " as ", " within ", " under ", " supervised by ", " advised by ", " where ", " working on ",
                                    " by ", " a ", " an ", " part of ", " formerly "}) {
        std::size_t at = s.find(remark);
        if (at != std::string::npos && at > 0) {
            auto head = split_at_word(s.substr(0, at));
            head.push_back("\x01" + s.substr(at + remark.size()));
            return head;
        }
    }
    for (std::string_view sep : {" at ", " @ ", " with "}) {
        std::size_t at = s.find(sep);
        if (at != std::string::npos && sep == " at " && university_at_place(s.substr(0, at), s.substr(at + sep.size()))) continue;
        if (at != std::string::npos && at > 0 && at + sep.size() < s.size() && chars::is_upper(chars::first(s.substr(at + sep.size())))) {
            out.push_back(s.substr(0, at));
            out.push_back(s.substr(at + sep.size()));
            return out;
        }
    }
    out.push_back(s);
    return out;
}

// Splits on commas and semicolons that are not inside parentheses.
// "Inc.", "GmbH", "Ltd.": the legal form of a company, no name of its own.
static bool is_legal_form(std::string_view w) {
    std::string_view bare = w.substr(0, w.find('('));  // "Inc. (QCI)"
    std::string k = text::fold_key(bare);
    static const std::array<const char*, 28> forms = {"inc", "llc", "ltd", "co ltd", "gmbh", "ag", "corp", "corporation", "co",
                                                      "s a", "sa", "b v", "bv", "plc", "oy", "ab", "s r l", "srl", "pty ltd",
                                                      "limited", "l l c", "inc a", "s p a", "spa", "s a r l", "sarl", "n v", "nv"};
    return std::any_of(forms.begin(), forms.end(), [&](const char* f) { return k == f; });
}

// Splits on commas and semicolons that are not inside parentheses; a legal form
// stays with its company ("Quantum Devices, Inc."), a part that continues a name
// with its name ("..., d'Informatique et de Toulouse").
static std::vector<std::string> split_commas(std::string_view cell) {
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    char last_separator = ',';
    auto push = [&] {
        // "4.9 of 5. Saint-Petersburg State University": a grade or a note that ends its
        // sentence before the institution is a part of its own.
        if (const std::size_t stop = cur.rfind(". "); stop != std::string::npos && chars::has_digit(std::string_view(cur).substr(0, stop)) &&
                                                      institution_strength(std::string_view(cur).substr(stop + 2)) == Strength::academic) {
            std::string rest = cur.substr(stop + 2);
            cur.resize(stop + 1);
            out.push_back(cur);
            cur = std::move(rest);
        }
        // "Tesla, Inc."; "University of California, Berkeley": one name the table knows.
        if (!out.empty() && last_separator == ',' && normalize::continues_a_name(cur)) out.back() += "," + cur;
        else if (!out.empty() && (is_legal_form(cur) || normalize::find_institution_as_written(out.back() + "," + cur))) out.back() += "," + cur;
        else out.push_back(cur);
        cur.clear();
    };
    for (char c : cell) {
        if (c == '(' || c == '[') ++depth;
        if ((c == ')' || c == ']') && depth > 0) --depth;
        if ((c == ',' || c == ';') && depth == 0) {
            push();
            last_separator = c;
            continue;
        }
        cur.push_back(c);
    }
    push();
    return out;
}

// "Toulouse School of Economics / Université Toulouse Capitole", "University of X /
// Y Institute / ACME": institutions named together are parts of their own (the
// first one is the employer, the others are named with it). The first must name
// an institution, each other one an institution or an acronym; else the slash is
// part of a name or a field ("Computer Science / Mathematics").
// "Helmholtz Institute & Friedrich Schiller Universität": joined by " & ", two names of
// two words or more that each name an institution are two (not "Arts & Sciences",
// "Johnson & Johnson", "EDF R&D & Finance for Energy Market Research Centre").
std::vector<std::string> institutions_named_together(const std::string& part) {
    auto names_one = [](const std::string& x) {
        return institution_strength(x) >= Strength::org || normalize::find_institution(x).has_value();
    };
    if (part.find(" / ") == std::string::npos) {
        // "University of Gothenburg and Chalmers University of Technology", "Universität
        // Heidelberg and Max Planck Institute for Astronomy": joined by "and", two names the
        // tables know each are two (not "University of Science and Technology of China":
        // "Technology of China" names nothing; nor a name the tables know whole).
        if (const std::size_t at = part.find(" and "); at != std::string::npos && part.find(" and ", at + 5) == std::string::npos &&
                                                        part.find(" & ") == std::string::npos) {
            const std::string left(text::trim(std::string_view(part).substr(0, at)));
            const std::string right(text::trim(std::string_view(part).substr(at + 5)));
            const auto known = [](const std::string& x) {
                return count_words(x) >= 1 && institution_strength(x) >= Strength::org && normalize::find_institution(x).has_value();
            };
            if (known(left) && known(right) && !normalize::find_institution_as_written(part)) return {left, right};
            return {part};
        }
        if (part.find(" & ") == std::string::npos) return {part};
        std::vector<std::string> pieces;
        std::string s = text::replace_all(part, " & ", "\x1F");
        for (std::string_view piece : text::split(s, '\x1F')) pieces.emplace_back(text::trim(piece));
        // (Each a school or institute, or a name the tables know: "Institute for Qualitative &
        // Multi-Method Research" is one, "Research" names no place of its own.)
        for (const std::string& piece : pieces)
            if (count_words(piece) < 2 || (institution_strength(piece) != Strength::academic && !normalize::find_institution(piece)))
                return {part};
        return pieces;
    }
    std::vector<std::string> pieces;
    std::string s = text::replace_all(part, " / ", "\x1F");
    for (std::string_view piece : text::split(s, '\x1F')) pieces.emplace_back(text::trim(piece));
    for (std::size_t i = 0; i < pieces.size(); ++i)
        if (!names_one(pieces[i]) && (i == 0 || !is_acronym(pieces[i]) || is_location(pieces[i]))) return {part};
    return pieces;
}

// "Research Assistant (Example Academy of Sciences)", "Intern (Vision Lab, Example
// University)": a role with the place it was held at in parentheses is a role and
// that place. A degree's field or a remark in parentheses stays with the role.
static std::vector<std::string> split_role_parenthesised(const std::string& piece) {
    std::string_view t = text::trim(piece);
    std::size_t open = t.find('(');
    if (open == std::string_view::npos || open == 0 || t.back() != ')' || t.find('(', open + 1) != std::string_view::npos) return {piece};
    std::string role(text::trim(t.substr(0, open)));
    std::string inner(text::trim(t.substr(open + 1, t.size() - open - 2)));
    if (role.empty() || inner.empty() || !is_role(role) || starts_with_degree(role) || names_degree_in_parentheses(t)) return {piece};
    bool names_place = false;
    for (std::string_view c : text::split(inner, ','))
        names_place |= institution_strength(text::trim(c)) >= Strength::org;
    if (!names_place) return {piece};
    return {role, inner};
}

// `s` with each `abbrev` that starts a word (`abbrev` and `with` end in a
// space) replaced by `with`, in one pass: a replace() in place per match is
// quadratic on a long run of them.
static std::string expand_word(const std::string& s, std::string_view abbrev, std::string_view with) {
    std::string out;
    std::size_t from = 0;
    for (std::size_t at = s.find(abbrev); at != std::string::npos; at = s.find(abbrev, at + 1)) {
        if (at != 0 && s[at - 1] != ' ') continue;
        out.append(s, from, at - from);
        out += with;
        from = at + abbrev.size();
        at = from - 1;
    }
    if (from == 0) return s;
    out.append(s, from);
    return out;
}

// The institution's name without what the venue table would not know it by:
// "Quillsoft Inc." -> "Quillsoft", "Example University (EU)" -> "Example
// University". A name the institution table knows as written is kept.
static std::string tidy_name(const std::string& raw) {
    if (normalize::find_institution(raw)) return raw;
    std::string s(text::trim(raw));
    // "Princeton Univ." is "Princeton University".
    for (std::string_view abbrev : {"Univ. ", "Univ "}) s = expand_word(s, abbrev, "University ");
    for (std::string_view abbrev : {" Univ.", " Univ"})
        if (s.size() > abbrev.size() && s.compare(s.size() - abbrev.size(), abbrev.size(), abbrev) == 0)
            s.replace(s.size() - abbrev.size(), abbrev.size(), " University");
    if (s != raw && normalize::find_institution(s)) return s;
    for (int round = 0; round < 2; ++round) {
        // A trailing "(ACRONYM)" or "(City)"; an acronym the hand table knows is the better
        // name (a registry acronym is not: the CV's long form says more than ROR's).
        if (!s.empty() && s.back() == ')') {
            std::size_t open = s.rfind('(');
            if (open != std::string::npos) {
                std::string inner = s.substr(open + 1, s.size() - open - 2);
                if (is_acronym(inner) && normalize::find_in_hand_table(inner)) return inner;
            }
            if (open != std::string::npos && open > 0 && s.size() - open <= 16) s = std::string(text::trim(s.substr(0, open)));
        }
        // A trailing legal form.
        std::size_t cut = s.find_last_of(" ,");
        if (cut != std::string::npos && is_legal_form(s.substr(cut + 1))) {
            s = std::string(text::trim(s.substr(0, cut)));
            while (!s.empty() && (s.back() == ',' || s.back() == ' ')) s.pop_back();
        }
    }
    return s.empty() ? raw : s;
}

static std::vector<std::string> words(std::string_view s) {
    std::vector<std::string> out;
    for (std::string_view w : text::split(s, ' '))
        if (!w.empty()) out.emplace_back(w);
    return out;
}

static std::string join_words(const std::vector<std::string>& w, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to; ++i) out += (out.empty() ? "" : " ") + w[i];
    return out;
}

// "System Software Engineer TmaxSoft Inc." -> {"System Software Engineer", "TmaxSoft Inc."}:
// a role written straight before its institution without a separator.
static std::vector<std::string> split_role_then_institution(const std::string& part) {
    if (!is_role(part)) return {part};
    auto w = words(part);
    std::size_t cut = 0;
    int depth = 0;
    for (std::size_t i = 0; i < w.size() && i < 6; ++i) {
        for (char c : w[i]) depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (depth == 0 && is_role(w[i]) && !starts_with_degree(w[i])) cut = i + 1;
    }
    if (cut == 0 || cut >= w.size()) return {part};
    std::string rest = join_words(w, cut, w.size());
    if (!chars::is_upper(chars::first(rest)) || is_field_of_study(rest)) return {part};
    Strength s = institution_strength(rest);
    if (s < Strength::org && !is_acronym(rest)) return {part};
    return {join_words(w, 0, cut), rest};
}

// "Member of the Helmholtz School", "Visiting Researcher at the Faculty of X":
// a role that names a place in passing.
static bool leads_with_role(std::string_view part) {
    std::string key = text::fold_key(part);
    std::string first = key.substr(0, key.find(' '));
    // (and the same titles in German, French, Spanish, Italian, Portuguese: "Profesor universitario")
    static const std::array<const char*, 24> leads = {"member", "visiting", "researcher", "student", "intern", "fellow",
                                                      "postdoc", "lecturer", "professor", "assistant", "associate", "exchange",
                                                      "profesor", "profesora", "professeur", "professeure", "professore",
                                                      "professora", "investigador", "investigadora", "chercheur", "chercheuse",
                                                      "ricercatore", "dozent"};
    if (std::none_of(leads.begin(), leads.end(), [&](const char* l) { return first == l; })) return false;
    // "Student Union", "Associate Institute": a role word naming an organization.
    for (const char* joiner : {" of ", " at ", " in ", " des ", " de ", " di ", " del "})  // "Professeur des universités"
        if (key.find(joiner) != std::string::npos) return true;
    return is_role(part);
}

bool plain_name(std::string_view p) {
    // An organization name by elimination: capitalized, short, no digits, no title words.
    std::string_view t = text::trim(p);
    if (t.empty() || !chars::is_upper(chars::first(t)) || count_words(t) > 5) return false;
    // Digits only inside a word with letters ("C4 Tech and Design", "3M"), not a number
    // of their own ("Room 101", "2019").
    for (std::string_view w : text::words(t))
        if (chars::has_digit(w) && chars::count_letters(w) == 0) return false;
    if (chars::has_digit(t) && !find_years(t).empty()) return false;
    // (The letters of a legal form, "Example Italia S.p.A.", are no title words.)
    std::string_view core = t;
    if (std::size_t cut = core.find_last_of(' '); cut != std::string_view::npos && is_legal_form(core.substr(cut + 1)))
        core = text::trim(core.substr(0, cut));
    if (has_title_words(core) || is_field_of_study(core)) return false;
    for (char c : t)
        if (c == ':' || c == '"' || c == '!' || c == '?' || c == '/') return false;
    return true;
}

// "Computer Science Department", "Dept. of Physics", "Faculty of Law": a name that
// says it is a department (not "Center for ...", which some tables know as an institution).
static bool names_department(std::string_view text) {
    std::string key = " " + text::fold_key(text) + " ";
    for (std::string_view w : {" department ", " dept ", " faculty "})
        if (key.find(w) != std::string::npos) return true;
    return false;
}

std::vector<Part> classify_parts(const std::string& line_without_dates) {
    std::vector<std::string> raw;
    std::vector<int> joined;  // per raw part: its group of institutions named together, 0 for none
    int group = 0;
    std::string cells = mark_cells(line_without_dates);
    for (std::string_view cell : text::split(cells, '\t')) {
        for (const auto& piece : split_at_word(cell)) {
            if (!piece.empty() && piece[0] == '\x01') {  // a remark: "(a) UPS Company", "(by) PayPal"
                raw.push_back(piece);
                joined.push_back(0);
                continue;
            }
            for (const auto& unbracketed : split_role_parenthesised(piece))
                for (const auto& c : split_commas(unbracketed)) {
                    auto named = institutions_named_together(std::string(trim_part(c)));
                    if (named.size() > 1) ++group;
                    for (const auto& n : named)
                        for (const auto& p : split_role_then_institution(n))
                            if (!trim_part(p).empty()) raw.emplace_back(trim_part(p)), joined.push_back(named.size() > 1 ? group : 0);
                }
        }
    }
    std::vector<Part> parts;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        Part p{raw[i]};
        p.joined = joined[i];
        if (!p.text.empty() && p.text[0] == '\x01') {
            p.text = std::string(trim_part(p.text.substr(1)));
            p.remark = true;
            parts.push_back(std::move(p));
            continue;
        }
        if (names_event(p.text)) {  // "Student developer, Google Summer of Code": where, not who employed
            p.remark = true;
            parts.push_back(std::move(p));
            continue;
        }
        std::string_view next = i + 1 < raw.size() ? std::string_view(raw[i + 1]) : std::string_view();
        Strength s = institution_strength(p.text);
        // The table knows it by its whole text: an institution even when it ends like
        // a unit ("Ant Group") or reads like a place.
        // (Not a department some registry lists by its bare name: "Computer Science Department".)
        bool known = !names_department(p.text) && normalize::find_institution_as_written(p.text).has_value();
        const std::string_view prev = i > 0 && raw[i - 1][0] != '\x01' ? std::string_view(raw[i - 1]) : std::string_view();
        // "Northeastern University, Boston, MA": a state code after its city closes the line,
        // even where it spells a degree (MA, MD, MS).
        // ("Northeastern University, Boston" may be one part, a name the table knows.)
        const std::string_view prev_last = text::trim(prev.substr(prev.rfind(',') == std::string_view::npos ? 0 : prev.rfind(',') + 1));
        const bool state_after_city = !prev_last.empty() && p.text.size() == 2 && is_country_or_state(p.text) &&
                                      (next.empty() || is_country_or_state(next)) && is_location(prev_last, p.text);
        // "ML Alignment Scholars, Berkeley, CA": a one-word town between an organization and
        // its state is where the organization is, though a table knows the town's university.
        const bool town_of_org = known && count_words(p.text) == 1 && !next.empty() && is_country_or_state(next) &&
                                 !prev.empty() && plain_name(prev) && !is_location(prev) && !starts_with_degree(prev) &&
                                 !is_role(prev) && !leads_with_role(prev);
        if (state_after_city || town_of_org) {
            p.kind = Part::Kind::location;
            p.city_by_neighbour = town_of_org;
            p.strength = Strength::none;
            parts.push_back(std::move(p));
            continue;
        }
        if (starts_with_degree(p.text) || leads_with_role(p.text) || is_role_named_after_place(p.text) ||
            (names_degree_in_parentheses(p.text) && !known)) {
            p.kind = Part::Kind::role;  // before places: "M.S." is no Mississippi
        } else if (known && !is_country_or_state(p.text)) {
            p.kind = Part::Kind::institution;
            s = Strength::academic;
        } else if (is_location(p.text, next) && s < Strength::org) {
            p.kind = Part::Kind::location;
            p.city_by_neighbour = !is_location(p.text);
        } else if (s == Strength::academic) {
            p.kind = Part::Kind::institution;
        } else if (is_role(p.text)) {
            p.kind = Part::Kind::role;
        } else if (s != Strength::none) {
            p.kind = Part::Kind::institution;
        } else if (count_words(p.text) <= 8 && normalize::find_institution(p.text)) {
            p.kind = Part::Kind::institution;
            s = Strength::academic;
        }
        if (p.kind == Part::Kind::unknown && is_acronym(p.text) && normalize::find_institution(p.text)) {
            p.kind = Part::Kind::institution;
            s = Strength::academic;
        }
        if (count_words(p.text) > 10) p.kind = Part::Kind::unknown, s = Strength::none;
        p.strength = s;
        parts.push_back(std::move(p));
    }
    // "TA for Prof. Tsz-Chiu Au": the name after an honorific is a person, never a place;
    // "Teaching Assistant for GEOS102: Our Changing Environment": the title after a course
    // code is the course's.
    auto course_code = [](std::string_view w) {
        std::size_t letters = 0, digits = 0, i = 0;
        while (i < w.size() && std::isupper(static_cast<unsigned char>(w[i]))) ++i, ++letters;
        while (i < w.size() && std::isdigit(static_cast<unsigned char>(w[i]))) ++i, ++digits;
        while (i < w.size() && (w[i] == ':' || w[i] == ',')) ++i;
        return i == w.size() && letters >= 2 && letters <= 5 && digits >= 2 && digits <= 4;
    };
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const auto words = text::words(parts[i - 1].text);
        if (words.empty() || parts[i].kind == Part::Kind::institution || parts[i].kind == Part::Kind::location) continue;
        const std::string last = text::fold_key(words.back());
        if (last == "prof" || last == "professor" || last == "dr" || last == "mr" || last == "mrs" || last == "ms")
            parts[i].remark = parts[i].person = true;
        else if (parts[i - 1].kind == Part::Kind::role && course_code(words.back()))
            for (std::size_t k = i; k < parts.size() && parts[k].kind == Part::Kind::unknown; ++k) parts[k].remark = true;
    }
    return parts;
}

// The part of a long line that can hold an entry: the cells before a long
// description cell ("2022 | Intern | Example Lab | City | - Conducted ...") or
// the first sentence ("Example School, Padova. Honors college with ...").
std::string entry_head(std::string_view text) {
    if (text.find(" | ") != std::string_view::npos) {
        std::string out;
        std::string s(text);
        s = text::replace_all(s, " | ", "\x1F");
        for (std::string_view cell : text::split(s, '\x1F')) {
            std::string_view c = text::trim(cell);
            if (count_words(c) > 12 || c.rfind("- ", 0) == 0) break;
            out += (out.empty() ? "" : " | ") + std::string(c);
        }
        return out;
    }
    if (count_words(text) <= 30) return std::string(text);
    for (std::size_t i = 0; i + 2 < text.size(); ++i)
        if (text[i] == '.' && text[i + 1] == ' ' && std::isupper(static_cast<unsigned char>(text[i + 2])) && i > 0 &&
            std::islower(static_cast<unsigned char>(text[i - 1])))
            return count_words(text.substr(0, i)) <= 20 ? std::string(text.substr(0, i)) : std::string(text);
    return std::string(text);
}

// A sentence describing the work ("Developed a scheduler used by engineers at
// Samsung, ...") names places in passing; it is no entry line.
bool is_description(std::string_view text) {
    std::vector<std::string> w = words(text::collapse_whitespace(text));
    if (w.size() < 5) return false;
    std::string first = text::ascii_lower(w.front());
    // "Developed and operated ...", not "Applied Scientist" or "Distinguished Engineer".
    bool verb = first.size() > 4 && (first.compare(first.size() - 2, 2, "ed") == 0 || first.compare(first.size() - 3, 3, "ing") == 0) &&
                !chars::is_upper(chars::first(w[1]));
    // "I acquired knowledge of C#, SQL, CSS and HTML", "We built ...": first-person prose.
    const bool first_person = (w.front() == "I" || w.front() == "We") && chars::is_lower(chars::first(w[1]));
    verb = verb || first_person;
    if (text.find(" | ") != std::string_view::npos) return verb;  // cells: "2019 | Web content writer | Example Corp"
    std::size_t lower = 0;
    for (const auto& x : w)
        if (chars::is_lower(chars::first(x))) ++lower;
    return verb || (w.size() >= 8 && lower * 5 >= w.size() * 2);
}

static bool is_split_word(std::string_view w) {
    static const std::array<const char*, 26> after = {
        "university", "institute", "college", "research", "lab", "labs", "inc", "corp", "technology", "engineering",
        "science", "sciences", "school", "center", "centre", "korea", "usa", "china", "japan", "germany",
        "france", "canada", "india", "kingdom", "states", "academy"};
    std::string l = text::ascii_lower(w);
    return std::any_of(after.begin(), after.end(), [&](const char* a) { return l == a; }) || is_country_or_state(w);
}

std::string unglue_columns(std::string_view line) {
    std::string out;
    std::size_t word_start = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (!std::isalpha(static_cast<unsigned char>(c))) word_start = i + 1;
        if (i > 0 && std::islower(static_cast<unsigned char>(line[i - 1])) && std::isupper(static_cast<unsigned char>(c))) {
            std::string_view left = line.substr(word_start, i - word_start);
            // The left word may itself start mid-token ("TmaxSoft" has no split word).
            std::size_t cap = left.size();
            while (cap > 0 && !std::isupper(static_cast<unsigned char>(left[cap - 1]))) --cap;
            std::string_view left_word = cap > 0 ? left.substr(cap - 1) : left;
            std::string_view right = line.substr(i);
            std::size_t right_end = 0;
            while (right_end < right.size() && std::isalpha(static_cast<unsigned char>(right[right_end])) &&
                   (right_end == 0 || std::islower(static_cast<unsigned char>(right[right_end]))))
                ++right_end;
            std::string_view right_word = right.substr(0, right_end);
            bool month_follows = find_date_spans(right.substr(0, std::min<std::size_t>(right.size(), 12))).size() > 0 &&
                                 find_date_spans(right.substr(0, std::min<std::size_t>(right.size(), 12))).front().begin == 0;
            // "McMaster", "DeepMind", "MacBook": a short capitalized prefix is part of the name.
            bool name_prefix = left_word.size() <= 3;
            bool split = !name_prefix && (is_split_word(left_word) || month_follows || starts_with_degree(right) ||
                                          (is_role(right_word) && right_word.size() > 3));
            if (split) {
                out.push_back('\t');
                word_start = i;
            }
        }
        out.push_back(c);
    }
    return out;
}

std::string tidy_institution(const std::string& raw) { return tidy_name(raw); }

}  // namespace cvsearch::extract
