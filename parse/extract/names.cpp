// Name, emails, homepage and headline: the identity part of a CV.
#include "parse/extract/names.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/extract.hpp"
#include "parse/extract/guards.hpp"

namespace cvsearch::extract {
namespace {

// Words that never occur in a person's name but often in lines that look like one.
const std::unordered_set<std::string>& non_name_words() {
    static const std::unordered_set<std::string> words = {
        "curriculum", "vitae", "vita", "resume", "cv", "academy", "academic", "portfolio", "university", "universitat", "universite", "universidad", "institute",
        "institut", "department", "school", "college", "laboratory", "lab", "labs", "research", "researcher", "engineer",
        "engineering", "scientist", "science", "sciences", "professor", "student", "candidate", "phd", "contents", "table",
        "skip", "main", "content", "page", "home", "about", "publications", "publication", "education", "experience",
        "street", "road", "avenue", "building", "inc", "ltd", "computer", "systems", "learning", "data", "center",
        "centre", "the", "of", "and", "for", "in", "at", "on", "with", "group", "team", "project", "projects", "award",
        "national", "international", "conference", "journal", "summary", "profile", "contact", "email", "phone", "address",
        "homepage", "website", "last", "updated", "present", "information", "personal", "welcome", "hello", "hi", "news",
        "blog", "menu", "navigation", "toggle", "theme", "postdoc", "postdoctoral", "fellow", "associate", "assistant",
        "lecturer", "director", "manager", "intern", "member", "mail", "tel", "fax", "mobile", "office", "room", "usa",
        "korea", "china", "germany", "france", "india", "japan", "canada", "america", "united", "states", "kingdom",
        "republic", "city", "technology", "technologies", "software", "machine", "intelligence", "artificial", "network",
        "networks", "google", "microsoft", "scholar", "github", "linkedin", "twitter", "orcid", "skills", "interests",
        "honors", "awards", "teaching", "service", "talks", "references", "selected", "recent", "papers", "preprints",
        "view", "download", "pdf", "html", "click", "here", "my", "our", "your", "this", "is", "a", "an", "by", "from",
        "faculty", "program", "programme", "degree", "bachelor", "master", "doctor", "candidate", "visiting", "senior",
        "junior", "chief", "head", "founder", "ceo", "cto", "mathematics", "physics", "biology", "chemistry", "economics",
        "statistics", "medicine", "medical", "health", "energy", "design", "analysis", "theory", "modeling", "systems",
        "distributed", "cloud", "computing", "security", "vision", "language", "languages", "robotics", "january",
        "february", "september", "october", "november", "december", "english", "native", "fluent", "private", "public", "open", "source", "code", "slides",
        "video", "bibtex", "abstract", "paper", "best", "prize", "table", "mit", "kaist", "epfl", "eth", "presentation",
        "tutorial", "lecture", "seminar", "talk", "poster", "workshop", "keynote", "panel", "guest", "demo", "course",
        "introduction", "advanced", "topics", "invited", "contributed", "session"};
    return words;
}

bool is_particle(std::string_view w) {
    static const std::array<const char*, 24> particles = {"de",  "van", "von", "der", "den", "da",  "di", "del",
                                                          "della", "la", "le", "du",  "dos", "das", "bin", "binti",
                                                          "al",  "el",  "ten", "ter", "y",   "zu",  "af", "dal"};
    return std::any_of(particles.begin(), particles.end(), [&](const char* p) { return w == p; });
}

bool is_credential(std::string_view w) {
    std::string k;
    for (char c : w)
        if (std::isalpha(static_cast<unsigned char>(c))) k.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    static const std::array<const char*, 16> creds = {"phd", "md", "msc", "mba", "mph", "dphil", "frs", "peng", "pe", "jd", "ms",
                                                      "ma", "bsc", "cv", "resume", "esq"};
    return std::any_of(creds.begin(), creds.end(), [&](const char* c) { return k == c; });
}

// "Mike (Deyuan) He": one capitalized word in parentheses between two words of a name
// is a second given name, part of the name as written. `open` is the offset of "(".
bool given_name_aside(std::string_view s, std::size_t open) {
    std::size_t close = s.find(')', open);
    if (open < 2 || s[open - 1] != ' ' || !chars::is_letter(chars::last(s.substr(0, open - 1))) || close == std::string_view::npos ||
        close + 2 >= s.size() || s[close + 1] != ' ' || !chars::is_upper(chars::first(s.substr(close + 2))))
        return false;
    std::string_view inner = s.substr(open + 1, close - open - 1);
    if (inner.empty() || !chars::is_upper(chars::first(inner))) return false;
    for (std::size_t i = 0; i < inner.size();)
        if (char32_t c = chars::next(inner, i); !chars::is_letter(c) && c != U'-') return false;
    return true;
}

// Removes (...), [...] and full-width （...） asides, but for a second given name.
std::string drop_asides(std::string_view s) {
    std::string out;
    int depth = 0;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t at = i;
        char32_t c = chars::next(s, i);
        if (c == U'(' && depth == 0 && given_name_aside(s, at)) {
            out.push_back('(');
            continue;
        }
        if (c == U'(' || c == U'[' || c == U'\uFF08') { ++depth; continue; }
        if ((c == U')' || c == U']' || c == U'\uFF09') && depth > 0) { --depth; continue; }
        if (depth == 0) out.append(s.substr(at, i - at));
    }
    return out;
}

// Cuts s at the first separator that ends a name: "Jane Doe | CV", "Jane Doe — Resume".
std::string_view first_segment(std::string_view s) {
    static const std::array<std::string_view, 14> seps = {" | ", "|", " \xE2\x80\x94 ", " \xE2\x80\x93 ", " -- ", " - ", " \xC2\xB7 ",
                                                          "\xE2\x80\xA2", "\t", "  ", ",", ";", "\xE2\x80\x99s ", "'s "};
    std::size_t cut = s.size();
    for (auto sep : seps) {
        std::size_t at = s.find(sep);
        if (at != std::string_view::npos && at > 0) cut = std::min(cut, at);
    }
    return s.substr(0, cut);
}

std::vector<std::string_view> words_of(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::string_view w : text::split(s, ' '))
        if (!w.empty()) out.push_back(w);
    return out;
}

bool is_initial(std::string_view w) {
    // "A.", "J.-W.", "Q"
    std::size_t letters = chars::count_letters(w);
    return letters <= 2 && (w.back() == '.' || letters == 1);
}

std::vector<std::string> split_segments(std::string_view line) {
    std::vector<std::string> out;
    std::string s(line);
    for (std::string_view sep : {"|", "\xC2\xB7", "\xE2\x80\xA2", "\t", " \xE2\x80\x94 ", " \xE2\x80\x93 ", " - "}) {
        s = text::replace_all(s, sep, "\x1F");
    }
    for (std::string_view part : text::split(s, '\x1F')) {
        std::string t(text::trim(part));
        if (!t.empty()) out.push_back(t);
    }
    return out;
}

}  // namespace

std::string clean_name(std::string_view s) {
    std::string t = text::collapse_whitespace(drop_asides(clean_inline(s)));
    std::string_view v = t;
    // "Name: Jane Doe"
    if (text::starts_with_icase(v, "name:")) v = text::trim(v.substr(5));
    // "Curriculum Vitae — Jane Doe", "CV: Jane Doe"
    for (std::string_view lead : {"curriculum vitae", "curriculum vitæ", "resume", "résumé", "cv"}) {
        if (text::starts_with_icase(v, lead) && v.size() > lead.size() &&
            !chars::is_letter(chars::first(v.substr(lead.size())))) {
            v.remove_prefix(lead.size());
            while (!v.empty() && (v.front() == ':' || v.front() == '-' || v.front() == ' ' || v.front() == '|' ||
                                  static_cast<unsigned char>(v.front()) >= 0x80)) {
                if (static_cast<unsigned char>(v.front()) >= 0x80 && chars::is_letter(chars::first(v))) break;
                std::size_t i = 0;
                chars::next(v, i);
                v.remove_prefix(i);
            }
            if (text::starts_with_icase(v, "of ")) v.remove_prefix(3);
        }
    }
    v = text::trim(first_segment(text::trim(v)));
    std::vector<std::string_view> words = words_of(v);
    static const std::array<const char*, 8> titles = {"dr.", "dr", "prof.", "prof", "professor", "mr.", "ms.", "mrs."};
    while (!words.empty() && std::any_of(titles.begin(), titles.end(), [&](const char* p) { return text::ascii_lower(words.front()) == p; }))
        words.erase(words.begin());
    while (!words.empty() && is_credential(words.back())) words.pop_back();
    // "Yuxuan He 何宇轩": the Latin name stays, the name in CJK script goes.
    bool latin = std::any_of(words.begin(), words.end(), [](std::string_view w) { return !chars::has_cjk(w) && chars::count_letters(w) > 0; });
    if (latin) words.erase(std::remove_if(words.begin(), words.end(), [](std::string_view w) { return chars::has_cjk(w); }), words.end());
    std::string out;
    bool caps = chars::count_letters(v) >= 4 && chars::count_upper(v) == chars::count_letters(v);
    for (auto w : words) {
        if (!out.empty()) out += ' ';
        out += caps ? chars::title_case(w) : std::string(w);
    }
    while (!out.empty() && (out.back() == '.' || out.back() == ',' || out.back() == ':')) {
        // Keep the dot of a final initial ("Jane Q.") only if it is one: rare, drop it.
        out.pop_back();
    }
    return std::string(text::trim(out));
}

bool looks_like_person_name(std::string_view s) {
    s = text::trim(s);
    if (s.empty() || s.size() > 80) return false;
    if (chars::has_cjk(s)) {
        std::size_t letters = chars::count_letters(s);
        std::string nospace;
        for (char c : s)
            if (c != ' ') nospace.push_back(c);
        return letters >= 2 && letters <= 4 && chars::count_letters(nospace) * 3 == nospace.size();
    }
    if (chars::has_digit(s)) return false;
    for (char c : s)
        if (c == '@' || c == '/' || c == ':' || c == '_' || c == '=' || c == '&' || c == '+' || c == '#' || c == '"' || c == '?' ||
            c == '!' || c == '*' || c == ';' || c == ',')
            return false;
    auto words = words_of(s);
    if (words.size() < 2 || words.size() > 5) return false;
    bool all_caps = chars::count_upper(s) == chars::count_letters(s);
    std::size_t full_words = 0;
    for (std::size_t i = 0; i < words.size(); ++i) {
        std::string_view w = words[i];
        // "Mike (Deyuan) He": a second given name between two words of the name.
        if (i > 0 && i + 1 < words.size() && w.size() > 2 && w.front() == '(' && w.back() == ')') w = w.substr(1, w.size() - 2);
        for (std::size_t k = 0; k < w.size();) {
            char32_t c = chars::next(w, k);
            if (!chars::is_letter(c) && c != U'-' && c != U'\'' && c != U'\u2019' && c != U'.') return false;
        }
        std::string folded = text::fold(w);
        std::string bare;
        for (char c : folded)
            if (std::isalpha(static_cast<unsigned char>(c))) bare.push_back(c);
        if (bare.empty()) return false;
        if (!is_initial(w) && non_name_words().count(bare)) return false;
        if (i > 0 && i + 1 < words.size() && is_particle(w)) continue;
        if (!chars::is_upper(chars::first(w))) return false;
        if (is_initial(w)) {
            if (i + 1 == words.size()) return false;  // "Smith J." is a citation, not a header
            continue;
        }
        // An all-capital word in a mixed-case line is an acronym ("KAIST EECS").
        if (!all_caps && chars::count_letters(w) >= 2 && chars::count_upper(w) == chars::count_letters(w)) return false;
        ++full_words;
    }
    bool shaped = full_words >= 2 || (full_words == 1 && words.size() >= 2 && !is_initial(words.back()));
    return shaped && !is_not_a_name(s);  // "Technical Strengths", "Citizen of X"
}

namespace {

std::string family_name_in_capitals(const std::string& name);

// "jane doe" -> "Jane Doe": a title set in small capitals (\textsc{jane doe})
// arrives in lower case; empty unless every letter is lower case.
std::string lower_case_title(const std::string& name) {
    if (chars::count_letters(name) < 4 || chars::count_upper(name) != 0) return {};
    std::string out;
    for (std::string_view w : text::split(name, ' '))
        if (!w.empty()) out += (out.empty() ? "" : " ") + chars::title_case(w);
    return out;
}

// A bullet among bullets that each name a person ("- Jane Doe (PhD)", "- John
// Roe (post-doc)"): a list of alumni, students or collaborators, not the owner.
bool in_list_of_people(const std::vector<Line>& lines, std::size_t i) {
    if (lines[i].marker != Marker::bullet) return false;
    auto person_bullet = [&](std::size_t k) {
        return lines[k].marker == Marker::bullet && looks_like_person_name(clean_name(lines[k].text));
    };
    for (std::size_t k = i + 1; k < lines.size(); ++k)
        if (!lines[k].blank()) {
            if (person_bullet(k)) return true;
            break;
        }
    for (std::size_t k = i; k-- > 0;)
        if (!lines[k].blank()) return person_bullet(k);
    return false;
}

// "https://jane.example.org Jane Doe": a web or mail address ends a segment
// like a "|" does (side-by-side boxes of a LaTeX header read as one line).
std::string links_as_separators(const std::string& line) {
    if (line.find("http") == std::string::npos && line.find("www.") == std::string::npos && line.find('@') == std::string::npos)
        return line;
    std::string out;
    for (std::string_view w : text::split(line, ' ')) {
        bool link = text::starts_with_icase(w, "http://") || text::starts_with_icase(w, "https://") ||
                    text::starts_with_icase(w, "www.") || (w.find('@') != std::string_view::npos && w.find('.') != std::string_view::npos);
        if (!out.empty()) out += ' ';
        out += link ? std::string_view("|") : w;
    }
    return out;
}

// The line under "Supervisors:", "Advisor:", "References:" names other people.
bool after_label(const std::vector<Line>& lines, std::size_t i) {
    for (std::size_t k = i; k-- > 0;) {
        if (lines[k].blank()) continue;
        const std::string& t = lines[k].text;
        if (t.back() != ':' || t.size() > 40) return false;
        std::string key = text::fold_key(t);
        for (std::string_view role : {"supervis", "advis", "mentor", "referee", "reference", "committee", "host", "collaborat",
                                      "author", "student", "contact person"})
            if (key.find(role) != std::string::npos) return true;
        return false;
    }
    return false;
}

std::string name_from_lines(const std::vector<Line>& lines, std::size_t max_lines) {
    std::size_t seen = 0;
    for (std::size_t li = 0; li < lines.size(); ++li) {
        const Line& l = lines[li];
        if (l.blank()) continue;
        if (++seen > max_lines) break;
        // The name comes before any numbered list, and never in an author list.
        if (l.marker == Marker::number) break;
        if (std::count(l.text.begin(), l.text.end(), ',') >= 2) continue;
        if (in_list_of_people(lines, li) || after_label(lines, li)) continue;
        std::vector<std::string> segments = split_segments(links_as_separators(l.text));
        if (segments.empty()) continue;
        // Only a line's first segment names the person ("Jane Doe | Senior Scientist
        // | Mountain View, CA"); a "# " heading may carry it anywhere ("# CV | Jane Doe").
        std::size_t n = l.heading_level > 0 ? segments.size() : 1;
        for (std::size_t i = 0; i < n; ++i) {
            // "Email:", "邮件：": a label, whose value follows.
            const std::string& seg = segments[i];
            if (seg.back() == ':' || (seg.size() >= 3 && seg.compare(seg.size() - 3, 3, "\xEF\xBC\x9A") == 0)) continue;
            std::string name = clean_name(segments[i]);
            if (looks_like_person_name(name)) return name;
            // The CV's first line is its title: "Ada Lovelace BYRON" there is a
            // name with the family name in capitals (French style), not an acronym.
            if (seen == 1) {
                if (std::string cased = family_name_in_capitals(name); looks_like_person_name(cased)) return cased;
                if (std::string titled = lower_case_title(name); looks_like_person_name(titled)) return titled;
            }
        }
    }
    return {};
}

// Page footers repeat the name next to a date or page number:
// "APRIL 11, 2024 JANE DOE 2", "Jane Doe  Page 1 of 2".
std::string name_from_footers(const std::vector<Block>& blocks) {
    std::map<std::string, int> counts;
    for (const Block& b : blocks) {
        for (const Line& l : b.lines) {
            if (l.blank() || l.text.size() > 120) continue;
            std::string t = l.text;
            std::string lower = text::ascii_lower(t);
            bool page_word = lower.find("page") != std::string::npos;
            for (std::string_view cut : {"page", "last updated", "updated"}) {
                std::size_t at = lower.find(cut);
                if (at != std::string::npos) {
                    t.resize(at);
                    lower.resize(at);
                }
            }
            auto spans = find_date_spans(t);
            bool dated = !spans.empty();
            if (dated) {  // cut every span in one pass (erasing each in place was quadratic)
                std::string kept;
                std::size_t from = 0;
                for (const auto& span : spans) {
                    if (span.begin < from) continue;
                    kept.append(t, from, span.begin - from);
                    from = span.end;
                }
                t = kept + t.substr(std::min(from, t.size()));
            }
            bool numbered = false;
            while (!t.empty() && (std::isdigit(static_cast<unsigned char>(t.back())) || t.back() == ' ')) {
                numbered |= t.back() != ' ';
                t.pop_back();
            }
            if (!dated && !page_word && !numbered) continue;
            // The footer holds nothing but the name besides the date and page.
            if (t.find_first_of(",|:;(") != std::string::npos) continue;
            std::string name = clean_name(t);
            if (!looks_like_person_name(name)) continue;
            if (page_word) return name;
            ++counts[name];
        }
    }
    for (const auto& [name, n] : counts)
        if (n >= 2) return name;
    return {};
}

// Up to four capitalized words from `at`: the "Jane Doe" of "My name is Jane Doe.".
std::string capitalized_run(std::string_view s, std::size_t at) {
    std::string out;
    std::size_t n = 0;
    auto words = words_of(s.substr(at));
    for (std::string_view w : words) {
        std::string_view core = w;
        bool stop = false;
        while (!core.empty() && std::string_view(".,;:!)").find(core.back()) != std::string_view::npos) {
            core.remove_suffix(1);
            stop = true;
        }
        if (core.empty() || !chars::is_upper(chars::first(core))) break;
        out += (out.empty() ? "" : " ") + std::string(core);
        if (++n == 4 || stop) break;
    }
    return out;
}

// "© 2024 Jane Doe. All rights reserved.", "Copyright (c) Jane Doe 2019": the
// holder of a page's copyright line, when it is a person.
std::string copyright_holder(std::string_view t, const std::string& lower) {
    std::size_t at = lower.find("\xC2\xA9");
    std::size_t skip = 2;
    if (at == std::string::npos && text::starts_with_icase(t, "copyright")) at = 0, skip = 9;
    if (at == std::string::npos || t.size() > 160) return {};
    std::string_view rest = t.substr(at + skip);
    for (bool again = true; again;) {  // "Copyright © 2019-2024", "(c)"
        again = false;
        rest = text::trim(rest);
        for (std::string_view lead : {"\xC2\xA9", "(c)", "(C)", "copyright", "Copyright"})
            if (rest.substr(0, lead.size()) == lead) rest.remove_prefix(lead.size()), again = true;
        while (!rest.empty() && (chars::is_digit(static_cast<unsigned char>(rest.front())) || rest.front() == '-' || rest.front() == ',')) {
            rest.remove_prefix(1);
            again = true;
        }
        if (rest.substr(0, 3) == "\xE2\x80\x93") rest.remove_prefix(3), again = true;  // "2019–2024"
    }
    std::size_t end = std::min({rest.find(','), rest.find('|'), rest.find(" 19"), rest.find(" 20"), rest.size()});
    // "Jane Doe. All rights reserved": a full stop after a word, not after an initial ("Jane B. Doe").
    for (std::size_t dot = rest.find(". "); dot != std::string_view::npos && dot < end; dot = rest.find(". ", dot + 1)) {
        std::size_t w = dot == 0 ? std::string_view::npos : rest.find_last_of(" .", dot - 1);
        if (dot - (w == std::string_view::npos ? 0 : w + 1) >= 3) { end = dot; break; }
    }
    std::string_view holder = text::trim(rest.substr(0, end));
    while (!holder.empty() && holder.back() == '.') holder.remove_suffix(1);
    std::string name = clean_name(holder);
    return looks_like_person_name(name) && name.size() == text::trim(holder).size() ? name : std::string();
}

std::string name_from_statements(const std::vector<Block>& blocks) {
    for (const Block& b : blocks) {
        if (b.kind == "references") continue;
        for (const Line& l : b.lines) {
            std::string_view t = l.text;
            std::string lower = text::ascii_lower(t);
            if (std::string name = copyright_holder(t, lower); !name.empty()) return name;
            for (std::string_view lead : {"my name is ", "i am ", "i'm ", "this is "}) {
                std::size_t at = lower.find(lead);
                if (at == std::string::npos || (at > 0 && std::isalpha(static_cast<unsigned char>(lower[at - 1])))) continue;
                std::string name = capitalized_run(t, at + lead.size());
                if (looks_like_person_name(name)) return name;
            }
            for (std::string_view tail : {"'s curriculum vitae", "\xE2\x80\x99s curriculum vitae", "'s cv", "\xE2\x80\x99s cv",
                                          "'s resume", "\xE2\x80\x99s resume", "'s homepage", "\xE2\x80\x99s homepage"}) {
                std::size_t at = lower.find(tail);
                if (at == std::string::npos) continue;
                std::string_view before = t.substr(0, at);
                auto words = words_of(before);
                for (std::size_t n = std::min<std::size_t>(4, words.size()); n >= 2; --n) {
                    std::string cand;
                    for (std::size_t k = words.size() - n; k < words.size(); ++k) cand += (cand.empty() ? "" : " ") + std::string(words[k]);
                    cand = clean_name(cand);
                    if (looks_like_person_name(cand)) return cand;
                }
            }
        }
    }
    return {};
}

// "Jiale GUO" -> "Jiale Guo": a family name in capitals after the given
// names, as French and many CV classes write it. Only for a stated name
// (\name{}, front matter), and only the last word: "JM Doe" are initials, and
// in running text a capitalized word beside a name is as likely an acronym.
// "Ada BYRON", "Benjamin VAN DER BERG": the words in capitals after the given
// names are the family name (with its particles), written in title case.
std::string family_name_in_capitals(const std::string& name) {
    std::vector<std::string_view> words;
    for (std::string_view w : text::split(name, ' '))
        if (!w.empty()) words.push_back(w);
    auto caps = [](std::string_view w) { return chars::count_letters(w) >= 2 && chars::count_upper(w) == chars::count_letters(w); };
    std::size_t from = words.size();
    while (from > 1 && caps(words[from - 1])) --from;
    if (from == words.size() || caps(words[0])) return name;
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        out += i ? " " : "";
        out += i >= from ? chars::title_case(words[i]) : std::string(words[i]);
    }
    return out;
}

std::string name_from_hint(std::string_view hint) {
    if (text::trim(hint).empty()) return {};
    std::string whole = clean_name(hint);
    if (looks_like_person_name(whole)) return whole;
    if (std::string cased = family_name_in_capitals(whole); looks_like_person_name(cased)) return cased;
    for (const auto& seg : split_segments(clean_inline(hint))) {
        std::string name = clean_name(seg);
        if (looks_like_person_name(name)) return name;
    }
    return {};
}

}  // namespace

std::string find_name(const std::vector<Block>& blocks, const readers::TextDocument& doc) {
    if (std::string n = name_from_hint(doc.name_hint); !n.empty()) return n;
    if (!blocks.empty() && blocks.front().kind == "header")
        if (std::string n = name_from_lines(blocks.front().lines, 12); !n.empty()) return n;
    for (const Block& b : blocks)  // a "Contact"/"Personal information" section
        if (b.kind == "contact")
            if (std::string n = name_from_lines(b.lines, 4); !n.empty()) return n;
    if (std::string n = name_from_footers(blocks); !n.empty()) return n;
    return name_from_statements(blocks);
}

// ---- the name set in bold in author lists ---------------------------------------

namespace {

// "J. Doe", "J.-W. Doe": initials before a family name.
bool initials_form(std::string_view s) {
    auto words = words_of(s);
    return words.size() >= 2 && is_initial(words.front()) && !is_initial(words.back());
}

// The author beside a bold span: the text up to the next (or back to the
// previous) separator of an author list, when the span and it are so separated.
bool person_beside(std::string_view before, std::string_view after, bool comma_inside) {
    auto is_name = [](std::string_view seg) {
        std::string n = clean_inline(text::trim(seg));
        return looks_like_person_name(n) || initials_form(n);
    };
    after = text::trim(after);
    bool next_sep = comma_inside;
    if (!next_sep && !after.empty() && (after.front() == ',' || after.front() == '&')) next_sep = true, after.remove_prefix(1);
    else if (!next_sep && after.substr(0, 4) == "and ") next_sep = true, after.remove_prefix(4);
    if (next_sep) {
        after = text::trim(after);
        if (after.substr(0, 4) == "and ") after.remove_prefix(4);
        std::size_t end = std::min({after.find(','), after.find(" and "), after.find(" & "), after.find(" ("), after.size()});
        // "Eli Park. Title": a full stop after a word, not after an initial ("J. Li").
        for (std::size_t dot = after.find(". "); dot != std::string_view::npos && dot < end; dot = after.find(". ", dot + 1)) {
            std::size_t w = after.find_last_of(" .", dot - 1);
            if (dot - (w == std::string_view::npos ? 0 : w + 1) >= 3) { end = dot; break; }
        }
        if (is_name(after.substr(0, end))) return true;
    }
    before = text::trim(before);
    bool prev_sep = false;
    if (!before.empty() && (before.back() == ',' || before.back() == '&')) prev_sep = true, before.remove_suffix(1);
    else if (before.size() >= 4 && before.substr(before.size() - 4) == " and") prev_sep = true, before.remove_suffix(4);
    if (!prev_sep) return false;
    std::size_t from = before.find_last_of(",&|");
    std::string_view seg = from == std::string_view::npos ? before : before.substr(from + 1);
    if (std::size_t a = seg.rfind(" and "); a != std::string_view::npos) seg = seg.substr(a + 5);
    return is_name(seg);
}

}  // namespace

std::string name_from_bold_authors(std::string_view text) {
    struct Candidate {
        std::string name;
        std::size_t in_lists = 0;
    };
    // Full names in order of appearance (ties are decided the same way every
    // run), indexed by name; initials forms counted by family name and initial.
    std::vector<Candidate> full;
    std::unordered_map<std::string, std::size_t> full_at, initials;
    auto family_key = [](std::string_view n) {
        auto w = words_of(n);
        std::string key(w.empty() ? std::string_view() : w.back());
        key += '\x1F';
        std::size_t first = 0;
        if (!n.empty()) chars::next(n, first);  // the initial: one character, not one byte
        key += n.substr(0, first);
        return key;
    };
    // A span's neighbours are read within this many bytes: an author list's
    // separators are close, and a long line of spans stays linear.
    constexpr std::size_t window = 160;
    for (std::string_view line : text::split(text, '\n')) {
        for (std::size_t from = 0;;) {
            std::size_t open = line.find("**", from);
            if (open == std::string_view::npos) break;
            std::size_t close = line.find("**", open + 2);
            if (close == std::string_view::npos) break;
            from = close + 2;
            std::string_view inner = text::trim(line.substr(open + 2, close - open - 2));
            bool comma_inside = !inner.empty() && inner.back() == ',';
            if (comma_inside) inner.remove_suffix(1);
            if (inner.empty() || inner.size() > 60) continue;
            std::string name = clean_inline(inner);
            bool full_name = looks_like_person_name(name) && !initials_form(name);
            if (!full_name && !initials_form(name)) continue;
            std::size_t before_from = open > window ? open - window : 0;
            bool in_list = person_beside(line.substr(before_from, open - before_from), line.substr(close + 2, window), comma_inside);
            if (!full_name) {
                initials[family_key(name)] += in_list;
                continue;
            }
            auto [it, added] = full_at.try_emplace(name, full.size());
            if (added) full.push_back(Candidate{name, 0});
            full[it->second].in_lists += in_list;
        }
    }
    // "J. Doe" in the lists counts for the bold "Jane Doe" written in full elsewhere.
    for (Candidate& f : full)
        if (auto it = initials.find(family_key(f.name)); it != initials.end()) f.in_lists += it->second;
    const Candidate* best = nullptr;
    std::size_t with_lists = 0;
    bool tie = false;
    for (const Candidate& f : full) {
        if (f.in_lists == 0) continue;
        ++with_lists;
        if (best && f.in_lists == best->in_lists) tie = true;
        if (!best || f.in_lists > best->in_lists) best = &f, tie = false;
    }
    // One person bold throughout, or the only one bold at all: a list of mentees
    // bold one each stays nameless.
    if (!best || tie || (best->in_lists < 2 && with_lists > 1)) return {};
    return best->name;
}

// ---- the author on every paper ----------------------------------------------------

// "Dal Maso A", "Doe JW": a family name with the initials after it, as
// Vancouver-style author lists write it; not the name written out.
namespace {

bool ends_in_initials(std::string_view name) {
    std::size_t space = name.rfind(' ');
    std::string_view last = space == std::string_view::npos ? name : name.substr(space + 1);
    std::size_t letters = chars::count_letters(last);
    return letters >= 1 && letters <= 4 && chars::count_upper(last) == letters && chars::count_upper(name) < chars::count_letters(name);
}

}  // namespace

std::string author_of_every_paper(const std::vector<Publication>& pubs) {
    struct Count {
        std::string first_spelling;
        std::string key;  // its fold_key
        std::size_t papers;
    };
    std::vector<Count> counts;
    std::size_t with_authors = 0;
    for (const auto& pub : pubs) {
        if (pub.authors.empty()) continue;
        ++with_authors;
        std::vector<std::string> seen;
        for (const auto& a : pub.authors) {
            std::string key = text::fold_key(a);
            if (key.empty() || std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
            seen.push_back(key);
            auto it = std::find_if(counts.begin(), counts.end(), [&](const Count& c) { return c.key == key; });
            if (it == counts.end()) counts.push_back({a, std::move(key), 1});
            else ++it->papers;
        }
    }
    if (with_authors < 3) return {};
    auto best = std::max_element(counts.begin(), counts.end(), [](const Count& a, const Count& b) { return a.papers < b.papers; });
    // One name on at least 80% of the papers, with the given name written out
    // ("Insu Jang", "Ada R. Byron"; not "I. Jang", "Jang I").
    const std::string& name = best == counts.end() ? std::string() : best->first_spelling;
    if (best == counts.end() || best->papers * 5 < with_authors * 4 || name.find(' ') == std::string::npos ||
        is_initial(name.substr(0, name.find(' '))) || ends_in_initials(name))
        return {};
    return name;
}

// ---- emails ---------------------------------------------------------------------

namespace {

bool email_local_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-'; }
bool email_domain_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-'; }

void scan_plain_emails(std::string_view s, std::vector<std::string>& out) {
    for (std::size_t at = s.find('@'); at != std::string_view::npos; at = s.find('@', at + 1)) {
        std::size_t b = at, e = at + 1;
        while (b > 0 && email_local_char(s[b - 1])) --b;
        while (e < s.size() && email_domain_char(s[e])) ++e;
        std::string_view local = s.substr(b, at - b), domain = s.substr(at + 1, e - at - 1);
        while (!local.empty() && local.front() == '.') local.remove_prefix(1);
        while (!domain.empty() && (domain.back() == '.' || domain.back() == '-')) domain.remove_suffix(1);
        std::size_t dot = domain.rfind('.');
        if (local.empty() || dot == std::string_view::npos || dot == 0) continue;
        std::string_view tld = domain.substr(dot + 1);
        if (tld.size() < 2 || !std::all_of(tld.begin(), tld.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }))
            continue;
        out.push_back(std::string(local) + "@" + text::ascii_lower(domain));
    }
}

// "jane [at] cs [dot] example [dot] edu", "jane (at) example.edu", "jane at example dot edu".
/// Replaces every `pat` in `lower` (and the same span of `out`, which has the
/// same length) with `with`, left to right in one pass: linear, where a loop of
/// find() from the start and replace() in place is quadratic on a long run of
/// markers. With `eat_spaces`, the spaces around each match go too.
void replace_marker_pass(std::string& out, std::string& lower, std::string_view pat, std::string_view with, bool eat_spaces) {
    std::size_t at = lower.find(pat);
    if (at == std::string::npos) return;
    std::string new_out, new_lower;
    new_out.reserve(out.size());
    new_lower.reserve(lower.size());
    std::size_t from = 0;
    for (; at != std::string::npos; at = lower.find(pat, from)) {
        std::size_t e = at + pat.size();
        new_out.append(out, from, at - from);
        new_lower.append(lower, from, at - from);
        if (eat_spaces) {
            while (!new_lower.empty() && new_lower.back() == ' ') new_lower.pop_back(), new_out.pop_back();
            while (e < lower.size() && lower[e] == ' ') ++e;
        }
        new_out += with;
        new_lower += with;
        from = e;
    }
    new_out.append(out, from);
    new_lower.append(lower, from);
    out = std::move(new_out);
    lower = std::move(new_lower);
}

std::string deobfuscate(std::string_view s) {
    std::string out(s);
    std::string lower = text::ascii_lower(s);
    auto replace_marker = [&](std::string_view word, std::string_view with, bool bare) {
        for (const char* open : {"[", "(", "{", "<"}) {
            const char close = *open == '[' ? ']' : *open == '(' ? ')' : *open == '{' ? '}' : '>';
            for (std::string pat : {std::string(open) + std::string(word) + close, std::string(open) + " " + std::string(word) + " " + close})
                replace_marker_pass(out, lower, pat, with, true);
        }
        if (bare) replace_marker_pass(out, lower, " " + std::string(word) + " ", with, false);
    };
    // Bare " at " / " dot " only when both occur: "jane at example dot edu".
    bool bare = lower.find(" at ") != std::string::npos && lower.find(" dot ") != std::string::npos;
    replace_marker("at", "@", bare);
    replace_marker("dot", ".", bare || lower.find('@') != std::string::npos || out.find('@') != std::string::npos);
    return out;
}

void add_unique(std::vector<std::string>& out, const std::string& email) {
    std::string key = text::ascii_lower(email);
    for (const auto& e : out)
        if (text::ascii_lower(e) == key) return;
    out.push_back(email);
}

}  // namespace

std::vector<std::string> find_emails(const std::vector<Block>& blocks, const readers::TextDocument& doc) {
    std::vector<std::string> out;
    for (const auto& h : doc.email_hints) {
        std::vector<std::string> found;
        scan_plain_emails(text::trim(h), found);
        for (const auto& e : found) add_unique(out, e);
    }
    auto scan_block = [&](const Block& b, std::vector<std::string>& found) {
        for (const Line& l : b.lines) {
            if (l.blank()) continue;
            scan_plain_emails(l.text, found);
            std::string lower = text::ascii_lower(l.text);
            if (lower.find("at") != std::string::npos && (lower.find("dot") != std::string::npos || lower.find('@') == std::string::npos))
                scan_plain_emails(deobfuscate(l.text), found);
        }
    };
    std::vector<std::string> found;
    for (const Block& b : blocks)
        if (b.kind == "header" || b.kind == "contact" || b.kind == "summary") scan_block(b, found);
    // mailto: targets vanish with the link markup; look at the raw text for them.
    for (std::size_t at = doc.text.find("mailto:"); at != std::string::npos; at = doc.text.find("mailto:", at + 1)) {
        std::size_t e = at + 7;
        while (e < doc.text.size() && (email_local_char(doc.text[e]) || doc.text[e] == '@')) ++e;
        scan_plain_emails(std::string_view(doc.text).substr(at + 7, e - at - 7), found);
    }
    if (found.empty() && out.empty())
        for (const Block& b : blocks)
            if (b.kind != "references" && b.kind != "publications") scan_block(b, found);
    for (const auto& e : found) add_unique(out, e);
    return out;
}

// ---- homepage -------------------------------------------------------------------

namespace {

bool excluded_site(std::string_view url) {
    static const std::array<const char*, 40> sites = {
        "linkedin.",     "github.com",    "gitlab.com",      "twitter.com",    "x.com/",       "facebook.",     "instagram.",
        "youtube.",      "youtu.be",      "scholar.google",  "orcid.org",      "researchgate", "dblp.",         "semanticscholar",
        "acm.org",       "ieee.org",      "arxiv.org",       "doi.org",        "springer",     "sciencedirect", "elsevier",
        "wiley.com",     "medium.com",    "mastodon",        "bsky.",          "zhihu.",       "weibo.",        "kaggle.",
        "stackoverflow", "huggingface.co", "openreview.net", "google.com/maps", "googleapis",   "wikipedia.",    "overleaf.",
        "bit.ly",        "cdn.",          "fonts.",          "jsdelivr",       "shields.io"};
    std::string lower = text::ascii_lower(url);
    return std::any_of(sites.begin(), sites.end(), [&](const char* s) { return lower.find(s) != std::string::npos; });
}

bool url_char(char c) {
    return !(c == ' ' || c == '\t' || c == '\n' || c == ')' || c == ']' || c == '>' || c == '"' || c == '\'' || c == '|' || c == '<' ||
             c == '}' || c == '{' || c == '*');
}

std::string trim_url(std::string url) {
    while (!url.empty() && std::string_view(".,;:").find(url.back()) != std::string_view::npos) url.pop_back();
    return url;
}

std::vector<std::string> urls_in(std::string_view s) {
    std::vector<std::string> out;
    std::string lower = text::ascii_lower(s);
    for (std::size_t at = lower.find("http"); at != std::string::npos; at = lower.find("http", at + 1)) {
        if (lower.compare(at, 7, "http://") != 0 && lower.compare(at, 8, "https://") != 0) continue;
        std::size_t e = at;
        while (e < s.size() && url_char(s[e])) ++e;
        out.push_back(trim_url(std::string(s.substr(at, e - at))));
        at = e;
    }
    return out;
}

// "jane.example.org", "www.example.edu/~jane": a domain written without a scheme.
std::string bare_domain(std::string_view token) {
    std::string t = trim_url(std::string(text::trim(token)));
    t.erase(0, std::min(t.size(), static_cast<std::size_t>(std::find_if(t.begin(), t.end(), [](char c) {
                                      return std::isalnum(static_cast<unsigned char>(c));
                                  }) - t.begin())));  // in one go: erase(0, 1) per byte was quadratic
    if (t.empty() || t.find('@') != std::string::npos || t.find("..") != std::string::npos) return {};
    std::size_t slash = t.find('/');
    std::string host = text::ascii_lower(t.substr(0, slash));
    std::size_t dot = host.rfind('.');
    if (dot == std::string::npos || dot == 0) return {};
    if (!std::all_of(host.begin(), host.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-'; }))
        return {};
    static const std::array<const char*, 16> tlds = {"com", "org", "net", "edu", "io", "me", "dev", "ai", "page",
                                                     "site", "info", "ch", "de", "uk", "fr", "xyz"};
    std::string tld = host.substr(dot + 1);
    if (std::none_of(tlds.begin(), tlds.end(), [&](const char* x) { return tld == x; })) return {};
    if (host.find('.') == dot && host.substr(0, dot).size() < 3) return {};
    return "https://" + t;
}

}  // namespace

std::string find_homepage(const readers::TextDocument& doc) {
    if (!text::trim(doc.homepage_hint).empty()) return std::string(text::trim(doc.homepage_hint));
    std::vector<std::string_view> lines;
    for (std::string_view l : text::split(doc.text, '\n'))
        if (!text::trim(l).empty()) lines.push_back(l);
    // Explicit labels anywhere in the first part of the CV.
    static const std::array<const char*, 8> labels = {"homepage", "home page", "website", "web site", "web:", "url:",
                                                      "personal page", "webpage"};
    for (std::size_t i = 0; i < lines.size() && i < 80; ++i) {
        std::string lower = text::ascii_lower(lines[i]);
        for (const char* label : labels) {
            std::size_t at = lower.find(label);
            if (at == std::string::npos) continue;
            std::string_view rest = lines[i].substr(at);
            for (const auto& u : urls_in(rest))
                if (!excluded_site(u)) return u;
            std::size_t colon = rest.find(':');
            if (colon != std::string_view::npos) {
                std::string_view after = text::trim(rest.substr(colon + 1));
                std::string_view first = after.substr(0, after.find_first_of(" \t|,"));
                if (std::string d = bare_domain(first); !d.empty() && !excluded_site(d)) return d;
            }
        }
    }
    // The first URL or bare domain of the header lines.
    for (std::size_t i = 0; i < lines.size() && i < 15; ++i) {
        for (const auto& u : urls_in(lines[i]))
            if (!excluded_site(u)) return u;
        std::string cleaned = clean_inline(lines[i]);
        std::string lower = text::ascii_lower(cleaned);
        // "jane (at) example.org" is an address, not a site.
        if (lower.find("mail") != std::string::npos || lower.find("(at)") != std::string::npos ||
            lower.find("[at]") != std::string::npos || lower.find(" at ") != std::string::npos)
            continue;
        std::string tokens = cleaned;
        for (char& c : tokens)
            if (c == '|' || c == '(' || c == ')' || c == '[' || c == ']' || c == '<' || c == '>' || c == ',' || c == '\t') c = ' ';
        for (std::string_view tok : text::split(tokens, ' ')) {
            if (tok.find("http") != std::string_view::npos) continue;
            if (std::string d = bare_domain(tok); !d.empty() && !excluded_site(d)) return d;
        }
    }
    return {};
}

// ---- headline -------------------------------------------------------------------

std::string find_headline(const std::vector<Block>& blocks, const std::string& name) {
    if (blocks.empty() || blocks.front().kind != "header") return {};
    static const std::array<const char*, 18> roles = {"student", "professor", "scientist", "researcher", "engineer", "candidate",
                                                      "fellow",  "postdoc",   "lecturer",  "director",   "assistant", "associate",
                                                      "ph.d",    "phd",       "developer", "analyst",    "scholar",   "founder"};
    std::size_t seen = 0;
    for (const Line& l : blocks.front().lines) {
        if (l.blank()) continue;
        if (++seen > 8) break;
        std::string t = text::collapse_whitespace(l.text);
        if (!name.empty() && clean_name(t) == name) continue;
        if (t.find('@') != std::string::npos || t.find("http") != std::string::npos || t.size() > 160) continue;
        std::string lower = text::ascii_lower(t);
        if (std::any_of(roles.begin(), roles.end(), [&](const char* r) { return lower.find(r) != std::string::npos; })) {
            std::vector<std::string> segs = split_segments(t);
            std::string out;
            for (const auto& s : segs) {
                std::string ls = text::ascii_lower(s);
                if (std::any_of(roles.begin(), roles.end(), [&](const char* r) { return ls.find(r) != std::string::npos; })) {
                    out = s;
                    break;
                }
            }
            return out.empty() ? t : out;
        }
    }
    return {};
}

}  // namespace cvsearch::extract
