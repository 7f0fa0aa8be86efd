// Guards: values that have the place of a facet value but are something else.
//
// Every test here is about the value's own shape (a month, a sentence, a list
// of names), its words (data/guard_words.tsv) or the CV itself (a co-author's
// name in the venue slot); none knows any particular CV.
#include "parse/extract/guards.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <unordered_map>
#include <unordered_set>

#include "core/data.hpp"
#include "core/text.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/lexicon.hpp"
#include "parse/normalize/normalize.hpp"
#include "parse/normalize/registry.hpp"

namespace cvsearch::extract {
namespace {

// ---- the word table ---------------------------------------------------------

// Looked up by string_view without building a std::string.
struct ViewHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
using WordSet = std::unordered_set<std::string, ViewHash, std::equal_to<>>;

// The classes of data/guard_words.tsv, read once. Few classes: a linear scan by
// name is cheaper than hashing the class name on every lookup.
const std::vector<std::pair<std::string, WordSet>>& word_table() {
    static const auto table = [] {
        std::vector<std::pair<std::string, WordSet>> t;
        for (std::string_view line : text::split(data::guard_words_tsv(), '\n')) {
            if (line.empty() || line.front() == '#') continue;
            auto tab = line.find('\t');
            if (tab == std::string_view::npos) continue;
            std::string k = text::fold_key(line.substr(tab + 1));
            if (k.empty()) continue;
            std::string_view cls = line.substr(0, tab);
            auto it = std::find_if(t.begin(), t.end(), [&](const auto& c) { return c.first == cls; });
            if (it == t.end()) it = t.insert(t.end(), {std::string(cls), WordSet{}});
            it->second.insert(std::move(k));
        }
        return t;
    }();
    return table;
}

const WordSet& words(const char* cls) {
    static const WordSet none;
    // Callers pass string literals: remember the last few by address.
    thread_local std::array<std::pair<const char*, const WordSet*>, 8> recent{};
    thread_local std::size_t next = 0;
    for (const auto& [ptr, set] : recent)
        if (ptr == cls) return *set;
    const WordSet* found = &none;
    for (const auto& [name, set] : word_table())
        if (name == cls) found = &set;
    recent[next++ % recent.size()] = {cls, found};
    return *found;
}

bool is(const char* cls, std::string_view key) {
    const WordSet& set = words(cls);
    return set.find(key) != set.end();
}

// The key starts with one of the class's phrases, as whole words.
// (Phrases in the lists have at most five words: longer prefixes are not looked up.)
bool starts_with(const char* cls, std::string_view key) {
    const WordSet& set = words(cls);
    std::size_t sp = key.find(' ');
    for (int n = 1; n <= 5; ++n, sp = key.find(' ', sp + 1)) {
        if (set.find(key.substr(0, sp)) != set.end()) return true;
        if (sp == std::string_view::npos) return false;
    }
    return false;
}

// The words of a key; views into it.
std::vector<std::string_view> tokens(const std::string& key) {
    std::vector<std::string_view> out;
    for (std::string_view t : text::split(key, ' '))
        if (!t.empty()) out.push_back(t);
    return out;
}

// Combining marks (U+0300–U+036F) dropped: "D͡ecember" (a LaTeX tie accent read
// from a redefined macro) is "December".
std::string without_marks(std::string_view s) {
    // U+0300–U+036F are encoded as 0xCC 0x80 … 0xCD 0xAF: most text has neither byte.
    if (s.find_first_of("\xCC\xCD") == std::string_view::npos) return std::string(s);
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        std::size_t at = i;
        char32_t c = chars::next(s, i);
        if (c >= 0x300 && c <= 0x36F) continue;
        out.append(s.substr(at, i - at));
    }
    return out;
}

std::string key_of(std::string_view s) { return text::fold_key(without_marks(s)); }

// ---- shapes -----------------------------------------------------------------

bool all_upper_word(std::string_view w) {
    std::size_t letters = chars::count_letters(w);
    return letters >= 2 && chars::count_upper(w) == letters;
}

// "Ada", "O'Neil", "Macklin-Cordes", "J." or "J": a word a person's name has.
// An all-capitals word counts only when `capitals_surname` ("Ada LOVELACE"); in
// an author list it is an acronym ("Ada Byron and Bo Lee. EMNLP").
bool name_word(std::string_view w, bool capitals_surname = false) {
    if (w.empty()) return false;
    if (!chars::is_upper(chars::first(w))) return false;
    if (!capitals_surname && chars::count_letters(w) >= 3 && chars::count_upper(w) == chars::count_letters(w)) return false;
    std::size_t i = 0;
    while (i < w.size()) {
        char32_t c = chars::next(w, i);
        if (!chars::is_letter(c) && c != '-' && c != '\'' && c != '.' && c != 0x2019) return false;
    }
    return true;
}

// "Yongdae Kim", "Staffan I Lindberg", "J. Smith": 2–4 name words.
bool person_like(std::string_view s) {
    std::string collapsed = text::collapse_whitespace(s);
    auto ws = text::split(collapsed, ' ');
    if (ws.size() < 2 || ws.size() > 4) return false;
    return std::all_of(ws.begin(), ws.end(), [](std::string_view w) { return name_word(w); });
}

bool has_link(std::string_view s) {
    std::string lower = text::ascii_lower(s);
    if (lower.find("http") != std::string::npos || lower.find("www.") != std::string::npos || lower.find("doi.org") != std::string::npos)
        return true;
    // A bare DOI: "10.1016/j.x.2022.07.047".
    for (std::size_t at = lower.find("10."); at != std::string::npos; at = lower.find("10.", at + 1)) {
        std::size_t i = at + 3, digits = 0;
        while (i < lower.size() && std::isdigit(static_cast<unsigned char>(lower[i]))) ++i, ++digits;
        if (digits >= 4 && i < lower.size() && lower[i] == '/') return true;
    }
    return false;
}

// A label and a colon: "PDF:Research", "DOI: 10.1/x", "LinkedIn: ...".
bool labelled_link(std::string_view s) {
    auto colon = s.find(':');
    return colon != std::string_view::npos && colon > 0 && is("link", key_of(s.substr(0, colon)));
}

std::size_t count_words(std::string_view s) { return chars::count_words(s); }

}  // namespace

// ---- people -----------------------------------------------------------------

bool PeopleInCv::contains(std::string_view value) const {
    if (!profile_) return false;
    if (!built_) build();
    if (names_.empty()) return false;
    std::string k = key_of(value);
    if (k.empty()) return false;
    return names_.count(k) > 0 || (k.find(' ') == std::string::npos && surnames_.count(k) > 0);
}

void PeopleInCv::build() const {
    built_ = true;
    auto add = [&](std::string_view raw) {
        std::string k = key_of(raw);
        auto toks = tokens(k);
        if (toks.size() < 2 || toks.size() > 5) return;
        names_.insert(k);
        // "Kim, Yongdae" names the surname first; else it is the last word.
        std::string_view surname = raw.find(',') != std::string_view::npos ? toks.front() : toks.back();
        if (surname.size() >= 3) surnames_.insert(std::string(surname));
    };
    if (!profile_->name.empty()) add(profile_->name);
    for (const auto& pub : profile_->publications)
        for (const auto& a : pub.authors) add(a);
}

PeopleInCv people_in(const Profile& profile) { return PeopleInCv(&profile); }

// ---- small caps -------------------------------------------------------------

std::string join_small_caps(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    std::size_t i = 0;
    while (i < s.size()) {
        // A lone capital at a word start, then one space, then a capitals word.
        bool word_start = i == 0 || s[i - 1] == ' ' || s[i - 1] == '(' || s[i - 1] == '\t';
        std::size_t j = i;
        char32_t c = chars::next(s, j);
        if (word_start && chars::is_upper(c) && j < s.size() && s[j] == ' ') {
            std::size_t k = j + 1, end = k;
            while (end < s.size() && s[end] != ' ' && s[end] != '\t' && s[end] != ',' && s[end] != ')') ++end;
            std::string_view next = s.substr(k, end - k);
            if (all_upper_word(next)) {
                out.append(s.substr(i, j - i));
                out.append(next);
                i = end;
                continue;
            }
        }
        out.append(s.substr(i, j - i));
        i = j;
    }
    return out;
}

// ---- institutions -----------------------------------------------------------

namespace {

// Splits a word at its inner case boundaries: "KAISTMar" -> "KAIST" "Mar",
// "EducationUniversity" -> "Education" "University".
std::vector<std::string> case_pieces(std::string_view w) {
    std::vector<std::string> out;
    std::size_t from = 0;
    for (std::size_t i = 1; i < w.size(); ++i) {
        auto up = [&](std::size_t k) { return std::isupper(static_cast<unsigned char>(w[k])) != 0; };
        auto low = [&](std::size_t k) { return std::islower(static_cast<unsigned char>(w[k])) != 0; };
        bool lower_upper = low(i - 1) && up(i);
        bool acronym_end = up(i - 1) && up(i) && i + 1 < w.size() && low(i + 1) && i - from >= 2;
        if (lower_upper || acronym_end) {
            out.emplace_back(w.substr(from, i - from));
            from = i;
        }
    }
    out.emplace_back(w.substr(from));
    return out;
}

}  // namespace

std::string repair_institution(std::string_view raw) {
    std::string s = join_small_caps(text::trim(raw));
    // "org=Example University": a key=value option of a CV macro left in front.
    if (auto eq = s.find('='); eq != std::string::npos && eq > 0 && eq < 12 &&
        std::all_of(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(eq), [](char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }))
        s = std::string(text::trim(std::string_view(s).substr(eq + 1)));
    // "Org (City, Country" cut at the inner comma: the aside goes.
    auto open = s.rfind('(');
    if (open != std::string::npos && s.find(')', open) == std::string::npos && open > 0)
        s = std::string(text::trim(std::string_view(s).substr(0, open)));
    // "Org (Toronto, Ontario, Canada)": a parenthesised place goes, the org stays whole.
    open = s.find(" (");
    if (open != std::string::npos && s.back() == ')') {
        std::string inner = s.substr(open + 2, s.size() - open - 3);
        auto first = std::string(text::trim(std::string_view(inner).substr(0, inner.find(','))));
        auto last = std::string(text::trim(std::string_view(inner).substr(inner.rfind(',') + 1)));
        if (inner.find(',') != std::string::npos &&
            (is_location(first) || is("place", key_of(first)) || is_country_or_state(last) || is("place", key_of(last))))
            s = std::string(text::trim(std::string_view(s).substr(0, open)));
    }
    // Glued words: a heading before, or a month after, the institution.
    auto sp = s.find(' ');
    std::string first = s.substr(0, sp);
    auto head = case_pieces(first);
    if (head.size() >= 2 && is("heading", key_of(head.front())))
        s = s.substr(head.front().size());
    auto last_sp = s.rfind(' ');
    std::string last = last_sp == std::string::npos ? s : s.substr(last_sp + 1);
    auto tail = case_pieces(last);
    if (tail.size() >= 2 && is("month", key_of(tail.back()))) s.erase(s.size() - tail.back().size());
    return std::string(text::trim(s));
}

std::string_view institution_rejection(std::string_view value, const PeopleInCv& people) {
    std::string k = key_of(value);
    if (k.empty()) return "empty";
    auto toks = tokens(k);
    if (std::all_of(toks.begin(), toks.end(), [](std::string_view t) { return is("month", t); })) return "month";
    if (is("generic", k)) return "generic";
    if (is("degree", k) || starts_with_degree(value)) return "degree";
    if (is("heading", k)) return "heading";
    if (is("link", k) || labelled_link(value) || has_link(value)) return "link";
    if (starts_with("person_lead", k) && toks.size() <= 6) return "person";
    if (is("field", k)) return "field";
    if (is("tool", k)) return "tool";
    if (is("place", k)) return "place";
    // "Winter School e-EGC", "CEMRACS Summer School": an event attended, not a place of study or work.
    for (std::string_view event : {"summer school", "winter school", "spring school", "autumn school", "fall school"})
        if ((" " + k + " ").find(" " + std::string(event) + " ") != std::string::npos) return "event";
    if (institution_strength(value) != InstitutionStrength::none || normalize::find_institution(value)) return "";
    if (people.contains(value)) return "person";
    if (normalize::is_registry_city(value)) return "place";  // "Santander", "Sunnyvale": where, not who
    // "SOSP", "NeurIPS": a venue the tables know by this very name publishes, employs no one.
    if (auto venue = normalize::find_venue(value); venue && text::fold_key(venue->canonical) == k) return "venue";
    return "";
}

// "Ines Marlow and Tomas Velarde", "A. Lee, B. Chen, C. Park": every piece a
// person's name. Two capitalized pairs alone may be a venue ("Organizational
// Behavior and Human Decision Processes"): an initial, a third name or a person
// the CV names decides.
static bool names_list(std::string s, const PeopleInCv& people);

// The next ". " at or after `from` that ends a sentence: not the one after an initial ("B. Lee").
static std::size_t next_stop(const std::string& value, std::size_t from) {
    for (std::size_t dot = value.find(". ", from); dot != std::string::npos; dot = value.find(". ", dot + 1)) {
        bool initial = dot >= 1 && chars::is_upper(static_cast<unsigned char>(value[dot - 1])) && (dot == 1 || value[dot - 2] == ' ');
        if (!initial) return dot;
    }
    return std::string::npos;
}

// The last sentence stop, or npos.
static std::size_t last_stop(const std::string& value) {
    std::size_t last = std::string::npos;
    for (std::size_t dot = next_stop(value, 0); dot != std::string::npos; dot = next_stop(value, dot + 1)) last = dot;
    return last;
}

// "A. Lee, B. Chen. Proc. of the Example Conference": the venue after an author list
// that ends at one of the value's sentence stops (not only the last one: "Proc. of"
// has one too); "" when no stop ends an author list before a venue.
// Two name words first and a list separator somewhere: a value worth asking after_author_list.
static bool starts_like_names(const std::string& value) {
    std::size_t one = value.find(' ');
    if (one == std::string::npos) return false;
    std::size_t two = value.find(' ', one + 1);
    if (two == std::string::npos) return false;
    std::string_view first = std::string_view(value).substr(0, one), second = std::string_view(value).substr(one + 1, two - one - 1);
    if (chars::count_letters(first) < 2 || !name_word(first) || !name_word(second)) return false;
    return value.find(" and ") != std::string::npos || value.find(',') != std::string::npos;
}

// An author list ends within this many bytes of the value's start: looking further copied
// the head at every stop and word (quadratic: a 1 MB venue took seconds).
constexpr std::size_t kMaxAuthorListBytes = 2000;

static std::string after_author_list(const std::string& value, const PeopleInCv& people) {
    for (std::size_t dot = next_stop(value, 0); dot != std::string::npos && dot < kMaxAuthorListBytes; dot = next_stop(value, dot + 1)) {
        std::string head = value.substr(0, dot + 1);
        bool separated = head.find_first_of(",&") != std::string::npos || head.find(" and ") != std::string::npos;
        if (!separated || !names_list(head, people)) continue;
        std::string tail(text::trim(std::string_view(value).substr(dot + 2)));
        if (!tail.empty() && chars::is_upper(chars::first(tail)) && venue_rejection(tail, people).empty()) return tail;
    }
    // No stop between them: "Ada Byron and Bo Lee Journal of Example Studies". The venue
    // starts at a capitalized word venue names have.
    for (std::size_t at = value.find(' '); at != std::string::npos && at < kMaxAuthorListBytes; at = value.find(' ', at + 1)) {
        std::string_view rest = std::string_view(value).substr(at + 1);
        std::string_view word = rest.substr(0, rest.find(' '));
        if (word.empty() || !chars::is_upper(chars::first(word)) || !is("venue_word", key_of(word))) continue;
        std::string head(text::trim(std::string_view(value).substr(0, at)));
        bool separated = head.find_first_of(",&") != std::string::npos || head.find(" and ") != std::string::npos;
        if (!separated || !names_list(head, people)) continue;
        std::string tail(text::trim(rest));
        if (venue_rejection(tail, people).empty()) return tail;
    }
    return {};
}

static bool names_list(std::string s, const PeopleInCv& people) {
    for (std::size_t at; (at = s.find(" and ")) != std::string::npos;) s.replace(at, 5, ",");
    for (std::size_t at; (at = s.find(" & ")) != std::string::npos;) s.replace(at, 3, ",");
    std::size_t named = 0, nonempty = 0;
    bool initial = false, known = false;
    for (auto p : text::split(s, ',')) {
        p = text::trim(p);
        if (p.empty()) continue;
        ++nonempty;
        if (!person_like(p)) return false;
        ++named;
        known |= people.contains(p);
        for (std::string_view w : text::split(p, ' ')) initial |= chars::count_letters(w) == 1;
    }
    return nonempty >= 2 && named == nonempty && (initial || known || nonempty >= 3);
}

// ---- venues -----------------------------------------------------------------

// A piece of a sentence, not a name: only joining words ("1 OF 2"), a last word that
// joins it to more ("Workshop held at CEU in May 2025"), or lower-case words first
// ("29 years of age"; a venue's name starts with a capital, or is one the tables know:
// "arXiv"). Numbers and month names at either end are no part of a name and are passed over.
// `toks` are the value's folded words (fold_key splits where the written words split).
static bool fragment(std::string_view value, const std::vector<std::string_view>& toks) {
    static const WordSet joining{"of", "in", "at", "on", "for", "the", "a", "an", "and", "to", "with", "by", "from", "de",
                                 "du", "des", "der", "und", "y", "e", "et", "di", "del"};
    auto date_like = [](std::string_view k) {
        return is("month", k) || std::all_of(k.begin(), k.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
    };
    auto is_joining = [](std::string_view k) { return joining.find(k) != joining.end(); };
    std::size_t b = 0, e = toks.size();
    while (b < e && date_like(toks[b])) ++b;
    while (e > b && date_like(toks[e - 1])) --e;
    if (b == e) return false;
    if (std::all_of(toks.begin() + static_cast<std::ptrdiff_t>(b), toks.begin() + static_cast<std::ptrdiff_t>(e), is_joining)) return true;
    const bool last_joins = is_joining(toks[e - 1]);
    // (Cheap first: a value that starts with a capital and ends in no joining word is none.)
    const char32_t c0 = chars::first(value);
    const bool first_low = chars::is_lower(c0) || chars::is_digit(c0);
    if (!last_joins && !first_low) return false;
    // The written words with letters, dates at either end passed over as above.
    std::vector<std::string_view> written;
    for (std::string_view w : text::split(value, ' '))
        if (chars::count_letters(w) > 0 || chars::has_digit(w)) written.push_back(w);
    std::size_t wb = 0, we = written.size();
    auto written_date = [&](std::string_view w) { return !chars::count_letters(w) || is("month", key_of(w)); };
    while (wb < we && written_date(written[wb])) ++wb;
    while (we > wb && written_date(written[we - 1])) --we;
    if (wb == we) return false;
    // (Written in lower case: "Phys. A" ends in a series letter.)
    if (last_joins && chars::is_lower(chars::first(written[we - 1]))) return true;
    return we - wb >= 2 && chars::is_lower(chars::first(written[wb])) && chars::is_lower(chars::first(written[wb + 1]));
}

std::string_view venue_rejection(std::string_view value, const PeopleInCv& people) {
    std::string k = key_of(value);
    if (k.empty()) return "empty";
    if (has_link(value) || labelled_link(value) || is("link", k)) return normalize::find_venue(value) ? "" : "link";
    std::string lower = " " + k + " ";
    for (const char* note : {" acceptance rate ", " equal contribution ", " click here ", " last updated ", " impact factor ", " supervisor ",
                             " advisor ", " adviser ", " joint work ", " in progress "})
        if (lower.find(note) != std::string::npos) return "status";
    if (starts_with("status_lead", k)) return "status";
    // "Online talk given to the X Society", "Invited talk at Y": a talk listed with the papers.
    for (const char* talk : {" talk given ", " online talk ", " invited talk ", " keynote talk ", " talk presented "})
        if (lower.find(talk) != std::string::npos) return "talk";
    const auto toks = tokens(k);
    auto date_token = [](std::string_view t) {
        return is("month", t) || std::all_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
    };
    if (std::all_of(toks.begin(), toks.end(), date_token)) return "date";  // "Spring", "2023"
    // A heading word, also with only numbers or months around it: a template's
    // placeholder ("Journal 1") or a label ("Conference 2023") names no venue.
    {
        std::size_t b = 0, e = toks.size();
        while (b < e && date_token(toks[b])) ++b;
        while (e > b && date_token(toks[e - 1])) --e;
        std::string core;
        for (std::size_t i = b; i < e; ++i) core += (core.empty() ? "" : " ") + std::string(toks[i]);
        if (is("heading", core)) return "heading";
    }
    std::size_t n = count_words(value);
    std::string trimmed(text::trim(value));
    bool venue_word = std::any_of(toks.begin(), toks.end(), [](std::string_view t) { return is("venue_word", t); });
    // A sentence: an abstract or teaser under the entry.
    static const WordSet prose{"we", "our", "i", "my", "this", "these", "is", "are", "was", "were", "has", "have",
                                  "propose", "proposed", "served", "uses", "using"};
    bool prose_word = n >= 8 && std::any_of(toks.begin(), toks.end(), [&](std::string_view t) { return prose.find(t) != prose.end(); });
    if (n > 25 && !text::starts_with_icase(trimmed, "proceedings")) return "sentence";
    if (n >= 8 && prose_word) return "sentence";
    // (Not a journal's name in abbreviations, most words cut short: "J. App. Math. and Stoch. Anal.")
    std::size_t abbreviated = 0;
    for (std::string_view w : text::split(trimmed, ' ')) abbreviated += w.size() >= 2 && w.back() == '.';
    if (n >= 6 && !trimmed.empty() && trimmed.back() == '.' && !venue_word && 2 * abbreviated < n) return "sentence";
    // A list of people: "Ines Marlow and Tomas Velarde", "A. Lee, B. Chen", also
    // before the venue's sentence ("Ines Marlow and Tomas Velarde. EMNLP").
    bool separated = trimmed.find_first_of(",&") != std::string::npos || trimmed.find(" and ") != std::string::npos;
    // (A word of three letters or more cut short before the end is no name's: "J. App. and
    // Comp. Harmonic Anal." is a journal's name in abbreviations; "Tomas Velarde." ends a sentence.)
    const auto cut_words = [&] {
        const auto words = text::split(trimmed, ' ');
        return std::any_of(words.begin(), words.empty() ? words.end() : words.end() - 1, [](std::string_view w) {
            return w.size() >= 4 && w.back() == '.' && chars::count_letters(w) >= 3;
        });
    };
    if (!venue_word && separated && !cut_words() && names_list(trimmed, people)) return "names";
    if (auto dot = trimmed.rfind(". "); dot != std::string::npos && separated && names_list(trimmed.substr(0, dot + 1), people)) return "names";
    // A person or a title, unless the venue table knows the value (looked up last: it is the costly test).
    std::string_view verdict = fragment(trimmed, toks) ? "fragment" : "";
    // "Example State University" in the venue's place: the school of a thesis or a report
    // series, no venue ("Example University Press" and "Proceedings of ..." have a venue's
    // word, "Comm. Math. Univ. Example" is a journal's name in abbreviations).
    if (verdict.empty() && !venue_word && abbreviated < 2 && institution_strength(trimmed) == InstitutionStrength::academic)
        verdict = "institution";
    // (Asking builds the CV's list of people: only for values shaped like a name.)
    bool one_word = n == 1 && chars::count_letters(trimmed) >= 3 && name_word(trimmed);
    if (verdict.empty() && (one_word || person_like(trimmed)) && people.contains(value)) verdict = "person";
    // A paper title: several words, title words, no word a venue name has, not
    // an abbreviated journal name ("J. Mod. Phys. A").
    if (verdict.empty() && !venue_word && n >= 4 && abbreviated < 2 && has_title_words(value)) verdict = "title";
    return verdict.empty() || normalize::find_venue(value) ? std::string_view() : verdict;
}

// ---- names ------------------------------------------------------------------

namespace {

// "Z Hiwei S Hao" (small caps once title-cased): lone capitals each followed by
// the rest of their word.
std::string join_name_pairs(const std::string& name) {
    auto ws = text::split(name, ' ');
    if (ws.size() < 4 || ws.size() % 2) return name;
    for (std::size_t i = 0; i < ws.size(); i += 2) {
        std::string_view a = ws[i], b = ws[i + 1];
        std::size_t j = 0;
        char32_t c = chars::next(a, j);
        if (j != a.size() || !chars::is_upper(c) || chars::count_letters(b) < 2 || chars::count_letters(b) != b.size()) return name;
    }
    std::string out;
    for (std::size_t i = 0; i < ws.size(); i += 2) {
        if (!out.empty()) out += ' ';
        out += std::string(ws[i]) + text::ascii_lower(ws[i + 1]);
    }
    return out;
}

bool mixed_case_letters(std::string_view w) {
    std::size_t up = chars::count_upper(w), letters = chars::count_letters(w);
    return up >= 2 && up < letters;  // "PhD", "FREng"
}

}  // namespace

bool is_not_a_name(std::string_view text) {
    std::string k = key_of(text);
    return is("heading", k) || starts_with("nation", k) || is("field", k) || is("place", k) || is("tool", k);
}

std::string guard_name(std::string_view raw) {
    std::string name = join_name_pairs(text::collapse_whitespace(raw));
    name = join_small_caps(name);
    std::string k = key_of(name);
    if (k.empty() || is_not_a_name(name)) return {};
    // Honorifics before the name.
    for (bool again = true; again;) {
        again = false;
        auto ws = text::split(name, ' ');
        for (std::size_t take : {2u, 1u}) {
            if (ws.size() <= take + 1) continue;
            std::string lead;
            for (std::size_t i = 0; i < take; ++i) lead += std::string(ws[i]) + " ";
            if (is("honorific", key_of(lead))) {
                name = std::string(text::trim(std::string_view(name).substr(lead.size())));
                again = true;
                break;
            }
        }
    }
    // Post-nominals after it: "FREng", "PhD", ", M.D.".
    for (bool again = true; again;) {
        again = false;
        auto sp = name.rfind(' ');
        if (sp == std::string::npos) break;
        std::string_view last = std::string_view(name).substr(sp + 1);
        bool after_comma = sp > 0 && name[sp - 1] == ',';
        bool written_as_letters = mixed_case_letters(last) || last.find('.') != std::string_view::npos || after_comma;
        if (is("postnominal", key_of(last)) && written_as_letters && text::split(name, ' ').size() > 2) {
            name.erase(sp);
            while (!name.empty() && (name.back() == ',' || name.back() == ' ')) name.pop_back();
            again = true;
        }
    }
    return name;
}

namespace {

// The two to four name words at the start of `rest` ("Ada Lee, a ..."), or "" when
// they are a role, an institution, a place, a heading or a field.
std::string name_words_at(std::string_view rest) {
    std::vector<std::string> ws;
    bool stop = false;
    for (std::string_view w : text::split(rest, ' ')) {
        if (stop || ws.size() == 4) break;
        while (!w.empty() && std::string_view(",.!;:)*_").find(w.back()) != std::string_view::npos) w.remove_suffix(1), stop = true;
        while (!w.empty() && std::string_view("*_(").find(w.front()) != std::string_view::npos) w.remove_prefix(1);
        if (!name_word(w, true)) break;
        ws.emplace_back(w);
    }
    while (!ws.empty() && is("honorific", key_of(ws.front()))) ws.erase(ws.begin());
    if (ws.size() < 2) return {};
    std::string name;
    for (const auto& w : ws) name += (name.empty() ? "" : " ") + w;
    if (is_role(name) || institution_strength(name) != InstitutionStrength::none || is_location(name) ||
        is("heading", key_of(name)) || is("field", key_of(name)))
        return {};
    return name;
}

// "Ada Lee is a postdoctoral fellow at ...": a biography in the third person
// opens the page. Only its first line of prose (six words or more) counts, and
// only with the name first: a later "Jane Roe is my advisor" names someone else.
std::string name_opening_biography(std::string_view text) {
    std::size_t lines = 0;
    for (std::string_view line : text::split(text, '\n')) {
        if (++lines > 60) break;
        line = text::trim(line);
        if (text::split(line, ' ').size() < 6) continue;
        for (std::string_view verb : {" is a ", " is an ", " is the ", " is currently "}) {
            auto at = line.find(verb);
            if (at == std::string_view::npos || at > 60) continue;
            std::string name = name_words_at(line.substr(0, at));
            if (!name.empty() && name.size() == text::trim(line.substr(0, at)).size()) return name;
        }
        return {};
    }
    return {};
}

}  // namespace

std::string name_from_introduction(std::string_view text) {
    std::size_t lines = 0;
    for (std::string_view line : text::split(text, '\n')) {
        if (++lines > 60) break;
        for (std::string_view intro : {"I'm ", "I\xE2\x80\x99m ", "I am ", "My name is "}) {
            auto at = line.find(intro);
            if (at == std::string_view::npos || (at > 0 && std::isalpha(static_cast<unsigned char>(line[at - 1])))) continue;
            if (std::string name = name_words_at(line.substr(at + intro.size())); !name.empty()) return name;
        }
    }
    return name_opening_biography(text);
}

// ---- citations --------------------------------------------------------------

namespace {

// The venue part of what follows a title: up to a year, volume or pages.
std::string venue_head(std::string_view rest) {
    rest = text::trim(rest);
    while (!rest.empty() && std::string_view(",.:;").find(rest.front()) != std::string_view::npos) rest = text::trim(rest.substr(1));
    if (starts_with("status_lead", key_of(rest))) return {};  // "in review"
    for (std::string_view lead : {"in: ", "in ", "In: ", "In ", "Proc. of ", "published in ", "Published in "})
        if (rest.substr(0, lead.size()) == lead) {
            rest = text::trim(rest.substr(lead.size()));
            break;
        }
    if (starts_with("status_lead", key_of(rest))) return {};  // "in review"
    auto years = find_years(rest);
    std::size_t cut = years.empty() ? rest.size() : years.front().begin;
    // "Journal, 12(3), 45-67": a number after a comma ends the name.
    for (std::size_t at = rest.find(", "); at != std::string_view::npos && at < cut; at = rest.find(", ", at + 1))
        if (at + 2 < rest.size() && std::isdigit(static_cast<unsigned char>(rest[at + 2]))) {
            cut = at;
            break;
        }
    std::string v(text::trim(rest.substr(0, cut)));
    while (!v.empty() && std::string_view(",.:;( ").find(v.back()) != std::string::npos) v.pop_back();
    return v;
}

bool accept(Publication& pub, std::string title, std::string venue, const PeopleInCv& people) {
    title = std::string(text::trim(title));
    while (!title.empty() && std::string_view(",. ").find(title.back()) != std::string::npos) title.pop_back();
    if (count_words(title) < 2 || venue.empty() || !venue_rejection(venue, people).empty()) return false;
    // "..., focused on the use of ...": a clause, not a name.
    if (!chars::is_upper(chars::first(venue)) && !chars::is_digit(chars::first(venue)) && !normalize::find_venue(venue)) return false;
    pub.title = std::move(title);
    pub.venue_raw = std::move(venue);
    return true;
}

// Positions of the first quoted stretch of at least three words.
bool quoted(std::string_view s, std::size_t& open_end, std::size_t& close) {
    static const std::array<std::string_view, 6> quotes = {"\"", "\xE2\x80\x9C", "\xE2\x80\x9D", "\xE2\x80\x9E", "``", "''"};
    std::size_t best = std::string_view::npos, best_len = 0;
    for (auto q : quotes) {
        auto at = s.find(q);
        if (at < best) best = at, best_len = q.size();
    }
    if (best == std::string_view::npos) return false;
    open_end = best + best_len;
    std::size_t end = std::string_view::npos;
    for (auto q : quotes) {
        auto at = s.find(q, open_end);
        if (at < end) end = at;
    }
    if (end == std::string_view::npos || count_words(s.substr(open_end, end - open_end)) < 3) return false;
    close = end;
    return true;
}

std::size_t quote_len_at(std::string_view s, std::size_t at) {
    unsigned char c = static_cast<unsigned char>(s[at]);
    return c == 0xE2 ? 3 : (s.substr(at, 2) == "''" || s.substr(at, 2) == "``") ? 2 : 1;
}

}  // namespace

bool split_citation(Publication& pub, const PeopleInCv& people) {
    if (!pub.venue_raw.empty() || pub.title.empty()) return false;
    std::string_view t = pub.title;
    // Every shape below has a quote (ASCII, curly: 0xE2 lead byte), a "(year)" or a label's colon.
    if (t.find_first_of("\"'`(:\xE2") == std::string_view::npos) return false;
    // "Title. Journal/Conference: Venue": a label names the venue.
    const std::string lower = text::ascii_lower(t);
    for (std::string_view label : {"journal/conference:", "conference/journal:", "journal:", "conference:", "venue:", "published in:"}) {
        auto at = lower.find(label);
        if (at != std::string::npos && at > 0 && accept(pub, std::string(t.substr(0, at)), venue_head(t.substr(at + label.size())), people))
            return true;
    }
    // `Authors, "Title", in Venue (ACR), 2020`.
    std::size_t open_end = 0, close = 0;
    if (quoted(t, open_end, close)) {
        std::string title(t.substr(open_end, close - open_end));
        std::string venue = venue_head(t.substr(close + quote_len_at(t, close)));
        return accept(pub, title, venue, people);
    }
    // APA: `Surname, X., & Other, Y. (2022). Title. Journal, 12(3), 45-67.`
    for (std::size_t at = t.find('('); at != std::string_view::npos; at = t.find('(', at + 1)) {
        if (at + 6 > t.size() || t[at + 5] != ')' || at == 0 || t.substr(0, at).find(',') == std::string_view::npos) continue;
        auto years = find_years(t.substr(at, 6));
        if (years.empty()) continue;
        std::string_view rest = text::trim(t.substr(at + 6));
        if (!rest.empty() && rest.front() == '.') rest = text::trim(rest.substr(1));
        std::size_t end = rest.find(". ");
        std::size_t q = rest.find("? ");
        if (q != std::string_view::npos && (end == std::string_view::npos || q < end)) end = q;
        if (end == std::string_view::npos) return false;
        std::string title(rest.substr(0, end + (rest[end] == '?' ? 1 : 0)));
        if (accept(pub, title, venue_head(rest.substr(end + 1)), people)) {
            if (!pub.year) pub.year = years.front().year;
            return true;
        }
        return false;
    }
    return false;
}

// ---- the profile ------------------------------------------------------------

namespace {

/// A hash of every field of `a`: equal affiliations hash alike.
std::size_t affiliation_hash(const Affiliation& a) {
    std::size_t h = std::hash<std::string>{}(a.institution);
    auto mix = [&h](std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    mix(std::hash<std::string>{}(a.institution_raw));
    mix(std::hash<std::string>{}(a.role));
    mix(static_cast<std::size_t>(a.kind));
    mix(static_cast<std::size_t>(a.start_year.value_or(-1)));
    mix(static_cast<std::size_t>(a.end_year.value_or(-1)));
    mix(a.current);
    return h;
}

}  // namespace

void guard_profile(Profile& profile) {
    profile.name = guard_name(profile.name);
    PeopleInCv people = people_in(profile);
    std::vector<Affiliation> kept;
    // Duplicates found by hash, then compared: a scan of `kept` per affiliation
    // was quadratic (36,000 mentioned institutions: seconds).
    std::unordered_map<std::size_t, std::vector<std::size_t>> kept_by_hash;
    for (auto& a : profile.affiliations) {
        a.institution_raw = repair_institution(a.institution_raw);
        if (!institution_rejection(a.institution_raw, people).empty()) continue;
        auto& same_hash = kept_by_hash[affiliation_hash(a)];
        if (std::any_of(same_hash.begin(), same_hash.end(), [&](std::size_t k) { return kept[k] == a; })) continue;
        same_hash.push_back(kept.size());
        kept.push_back(std::move(a));
    }
    profile.affiliations = std::move(kept);
    for (auto& pub : profile.publications) {
        if (!pub.venue_raw.empty() && !venue_rejection(pub.venue_raw, people).empty()) {
            // "Ada Byron and Bo Lee. EMNLP", "A Title Left in Front. Journal of X": the last sentence may be the venue.
            std::string after_authors = after_author_list(pub.venue_raw, people);
            auto dot = last_stop(pub.venue_raw);
            std::string tail = dot == std::string::npos ? std::string() : std::string(text::trim(pub.venue_raw.substr(dot + 2)));
            bool tail_ok = !tail.empty() && chars::is_upper(chars::first(tail)) && venue_rejection(tail, people).empty();
            pub.venue_raw = !after_authors.empty() ? after_authors : tail_ok ? tail : std::string();
            pub.venue.clear();
        } else if (!pub.venue_raw.empty() && starts_like_names(pub.venue_raw)) {
            // "Ada Byron and Bo Lee Journal of X": a venue after names, with no stop between.
            std::string after_authors = after_author_list(pub.venue_raw, people);
            if (!after_authors.empty()) pub.venue_raw = std::move(after_authors), pub.venue.clear();
        }
        if (pub.venue_raw.empty()) split_citation(pub, people);
    }
}

}  // namespace cvsearch::extract
