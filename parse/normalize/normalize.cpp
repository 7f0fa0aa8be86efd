// Venue and institution normalization: raw CV text -> canonical facet values.
#include "parse/normalize/normalize.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

#include "core/text.hpp"
#include "parse/normalize/events.hpp"
#include "parse/normalize/lookup_memo.hpp"
#include "parse/normalize/registry.hpp"
#include "parse/normalize/tables.hpp"

namespace cvsearch::normalize {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A university's number: "II", "XIII", "2" (a Roman numeral up to XX, or one or two digits).
bool is_ordinal_number(std::string_view w) {
    if (w.empty() || w.size() > 5) return false;
    if (w.size() <= 2 && std::all_of(w.begin(), w.end(), is_digit)) return true;
    static constexpr std::string_view roman[] = {"I",   "II",   "III",   "IV", "V",  "VI",  "VII",
                                                 "VIII", "IX",  "X",     "XI", "XII", "XIII", "XIV",
                                                 "XV",  "XVI", "XVII", "XVIII", "XIX", "XX"};
    return std::find(std::begin(roman), std::end(roman), w) != std::end(roman);
}

// A word that starts with a capital (any script's upper-case ASCII, or a non-ASCII letter).
bool chars_upper_start(std::string_view w) {
    if (w.empty()) return false;
    unsigned char c = static_cast<unsigned char>(w.front());
    return (c >= 'A' && c <= 'Z') || c >= 0xC0;
}

std::string lower_alpha(std::string_view w) {
    std::string out;
    for (char c : w)
        if (std::isalpha(static_cast<unsigned char>(c))) out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    return out;
}

// "NeurIPS2020" -> "NeurIPS 2020", "SOSP'23" stays (the apostrophe splits it); digits
// inside a name stay ("uPM2SoC", "Web3Conf"): only a number that ends the word is split off.
std::string split_letter_digit(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i > 0 && is_digit(s[i]) && std::isalpha(static_cast<unsigned char>(s[i - 1]))) {
            std::size_t end = i;
            while (end < s.size() && is_digit(s[end])) ++end;
            if (end == s.size() || !std::isalpha(static_cast<unsigned char>(s[end]))) out.push_back(' ');
        }
        out.push_back(s[i]);
    }
    return out;
}

// Strips punctuation around a word but keeps it inside ("S&P", "Trans.").
std::string_view strip_punct(std::string_view w) {
    auto punct = [](char c) { return std::string_view(",.;:()[]{}\"'`*!?").find(c) != std::string_view::npos; };
    while (!w.empty() && punct(w.front())) w.remove_prefix(1);
    while (!w.empty() && punct(w.back())) w.remove_suffix(1);
    return w;
}

bool is_number_like(std::string_view w) {
    // 2023, '23, ’23, 12-20, 1(2), 29th, 3rd, vol12 -> noise in a venue string.
    std::string_view core = w;
    if (core.substr(0, 3) == "\xE2\x80\x99") core.remove_prefix(3);  // ’
    if (!core.empty() && core.front() == '\'') core.remove_prefix(1);
    if (core.empty()) return false;
    std::size_t digits = static_cast<std::size_t>(std::count_if(core.begin(), core.end(), is_digit));
    if (digits == 0) return false;
    std::string tail = lower_alpha(core);
    if (tail.empty()) return true;  // digits and punctuation only
    return digits + tail.size() == core.size() && (tail == "st" || tail == "nd" || tail == "rd" || tail == "th");
}

bool is_noise_word(const std::string& lw) {
    // (Views, not C strings: a comparison then tests the length before any byte.)
    static constexpr std::array<std::string_view, 24> noise = {
        "pp", "vol", "volume", "no", "issue", "pages", "page", "jan", "january", "feb", "february", "mar",
        "march", "apr", "april", "may", "jun", "june", "jul", "july", "aug", "august", "sep", "september"};
    static constexpr std::array<std::string_view, 9> more = {"sept", "oct", "october", "nov", "november", "dec", "december",
                                                              "accepted", "forthcoming"};
    return std::find(noise.begin(), noise.end(), lw) != noise.end() || std::find(more.begin(), more.end(), lw) != more.end();
}

bool is_ordinal_word(const std::string& lw) {
    // Every one ends in "st", "nd", "rd" or "th": one test rules out almost every word.
    if (lw.size() < 5) return false;
    const char a = lw[lw.size() - 2], b = lw.back();
    if (!((a == 't' && b == 'h') || (a == 's' && b == 't') || (a == 'n' && b == 'd') || (a == 'r' && b == 'd')))
        return false;
    static const std::array<const char*, 20> ordinals = {
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
        "twentieth"};
    return std::find(ordinals.begin(), ordinals.end(), lw) != ordinals.end();
}

// An event's name ("Seventh Swedish Workshop ...") may carry a spelled-out ordinal; a
// journal's may not be cut ("First Monday").
bool names_an_event(std::string_view s) {
    std::string f = " " + text::fold_key(s) + " ";
    for (const char* w : {" workshop", " conference", " symposium", " meeting", " congress", " colloquium", " forum ",
                          " summit ", " school "})
        if (f.find(w) != std::string::npos) return true;
    return false;
}

// "LATTE'21", "SOSP’23" -> "LATTE", "SOSP": a two-digit year glued on by an apostrophe.
std::string_view without_glued_year(std::string_view w) {
    if (w.size() < 4 || !is_digit(w.back()) || !is_digit(w[w.size() - 2])) return w;
    std::string_view head = w.substr(0, w.size() - 2);
    if (head.size() >= 3 && head.substr(head.size() - 3) == "\xE2\x80\x99") head.remove_suffix(3);
    else if (!head.empty() && head.back() == '\'') head.remove_suffix(1);
    else return w;
    if (head.empty() || !std::isalpha(static_cast<unsigned char>(head.back()))) return w;
    return head;
}

std::string remarks_removed(std::string_view raw) {
    std::string s(raw);
    const std::string folded = text::ascii_lower(s);
    for (const char* tail : {"in conjunction with", "co-located with", "colocated with", "collocated with", "held jointly with"}) {
        std::size_t at = folded.find(tail);
        if (at == std::string::npos || at == 0) continue;
        s.erase(at);
        break;
    }
    if (text::ascii_lower(s).find("special issue") == std::string::npos) return s;
    std::string out;
    for (std::string_view part : text::split(s, ',')) {
        if (text::starts_with_icase(text::trim(part), "special issue")) continue;
        out += (out.empty() ? "" : ",") + std::string(part);
    }
    return out.empty() ? s : out;
}

// A venue string without its remarks: what follows "in conjunction with" / "co-located
// with" (the host event: the venue is the one named before it), and comma-parts that
// begin "Special issue" ("Special Issue on Data Intensive eScience, Distributed and
// Parallel Databases" -> "Distributed and Parallel Databases").
// `storage` holds the text when it had to be changed; the view points at it or at `raw`.
std::string_view without_venue_remarks(std::string_view raw, std::string& storage) {
    // Most venue strings have no remark at all: a cheap test first.
    bool maybe = false;
    for (const char* hint : {"onjunction", "ocated", "ointly", "pecial", "ONJUNCTION", "OCATED", "OINTLY", "PECIAL"})
        maybe = maybe || raw.find(hint) != std::string_view::npos;
    if (!maybe) return raw;
    storage = remarks_removed(raw);
    return storage;
}

// The venue without years, ordinals, page/volume numbers, months and a leading
// "(and) In Proceedings of the": "Proc. of the 29th ACM SOSP '23, pp. 1-15" -> "ACM SOSP".
std::string clean_venue(std::string_view raw) {
    std::string storage;
    std::string s = text::collapse_whitespace(split_letter_digit(without_venue_remarks(raw, storage)));
    // "Journal/Conference: X", "Venue: X", "Published in: X": a field label before the venue.
    if (std::size_t colon = s.find(": "); colon != std::string::npos && colon <= 32) {
        const std::string label = text::fold_key(std::string_view(s).substr(0, colon));
        bool only_label_words = !label.empty();
        for (std::string_view w : text::split(label, ' ')) {
            if (w.empty()) continue;
            static constexpr std::string_view words[] = {"journal", "conference", "venue", "published", "publication", "in",
                                                         "booktitle", "source", "outlet", "appeared", "presented", "at"};
            only_label_words = only_label_words && std::find(std::begin(words), std::end(words), w) != std::end(words);
        }
        if (only_label_words) s.erase(0, colon + 2);
    }
    std::optional<bool> event;  // asked only when an ordinal word is there
    std::vector<std::string> kept;
    const std::vector<std::string_view> words = text::split(s, ' ');
    for (std::size_t k = 0; k < words.size(); ++k) {
        std::string_view core = without_glued_year(strip_punct(words[k]));
        core = strip_punct(core);
        if (core.empty() || is_number_like(core)) continue;
        std::string lw = lower_alpha(core);
        if (is_noise_word(lw)) continue;
        // "to appear" is a status; the "to" of "Contributions to Mineralogy" is the name's.
        if (lw == "to" && k + 1 < words.size() && lower_alpha(strip_punct(words[k + 1])) == "appear") {
            ++k;
            continue;
        }
        if (is_ordinal_word(lw)) {
            if (!event) event = names_an_event(s);
            if (*event) continue;
        }
        kept.emplace_back(core);
    }
    // Leading "In", "Proceedings of (the)", "Proc. of (the)".
    std::size_t i = 0;
    auto lw = [&](std::size_t k) { return k < kept.size() ? lower_alpha(kept[k]) : std::string(); };
    if (lw(i) == "and") ++i;  // the second of two listed: "... at KDD and Foo workshop at EMNLP"
    if (lw(i) == "in") ++i;
    if (lw(i) == "proceedings" || lw(i) == "proc") {
        ++i;
        if (lw(i) == "of") ++i;
        if (lw(i) == "the") ++i;
    }
    std::string out;
    for (std::size_t k = i; k < kept.size(); ++k) out += (out.empty() ? "" : " ") + kept[k];
    return std::string(text::trim_end_any(out, {",", ";", ":", "-", "–"}));
}

bool mentions_arxiv(std::string_view raw) {
    std::string f = text::ascii_lower(raw);
    return f.find("arxiv") != std::string::npos || f.find("corr abs/") != std::string::npos ||
           f.find("corr, abs/") != std::string::npos;
}

// Words that mark the part of an affiliation line that names the institution.
bool names_an_institution(std::string_view part) {
    static const std::array<const char*, 22> marks = {
        "univ", "institut", "college", "school", "laborator", "labs", " lab", "research", "inc", "corp", "gmbh",
        "hochschule", "ecole", "école", "academy", "polytechn", "politecnico", "centre", "center", "hospital",
        "ltd", "llc"};
    std::string f = " " + text::fold(part);
    return std::any_of(marks.begin(), marks.end(), [&](const char* m) { return f.find(m) != std::string::npos; });
}

bool is_department(std::string_view part) {
    std::string f = text::fold(text::trim(part));
    for (const char* d : {"department", "dept", "faculty", "division", "school of", "graduate school", "college of", "lab of",
                          "laboratory of", "group", "chair of"})
        if (f.rfind(d, 0) == 0) return true;
    return false;
}

}  // namespace

// "École Nationale Supérieure d'Électronique, d'Électrotechnique et d'Hydraulique de Toulouse".
bool continues_a_name(std::string_view part) {
    part = text::trim(part);
    if (part.empty() || part.front() < 'a' || part.front() > 'z') return false;
    if (part.size() > 2 && part[0] == 'd' && (part[1] == '\'' || part.substr(1, 3) == "\xE2\x80\x99")) return true;  // d'
    const std::string_view first = part.substr(0, part.find(' '));
    for (const char* w : {"de", "des", "du", "di", "del", "della", "degli", "of", "for", "für"})
        if (first == w && first.size() < part.size()) return true;
    return false;
}

namespace {

// "Ltd", "Inc.", "GmbH" after a comma: the legal form of the company before it.
bool is_legal_form_part(std::string_view part) {
    const std::string k = text::fold_key(part.substr(0, part.find('(')));  // "Ltd. (Urban Water Supply)"
    for (const char* f : {"ltd", "co ltd", "limited", "inc", "llc", "l l c", "gmbh", "plc", "corp", "ag", "sa", "s a", "srl", "s r l",
                          "spa", "s p a", "bv", "b v", "nv", "n v", "sarl", "s a r l", "pty ltd"})
        if (k == f) return true;
    return false;
}

// The institution part of a line like "Dept. of CS, Foo University, Springfield, IL".
std::string clean_institution(std::string_view raw) {
    std::string s = text::collapse_whitespace(raw);
    std::vector<std::string_view> parts;
    for (std::string_view p : text::split(s, ',')) {
        p = text::trim(p);
        if (p.empty()) continue;
        if (!parts.empty() && (continues_a_name(p) || is_legal_form_part(p))) {  // the comma is inside the name: one part
            const char* begin = parts.back().data();
            parts.back() = std::string_view(begin, static_cast<std::size_t>(p.data() + p.size() - begin));
        } else {
            parts.push_back(p);
        }
    }
    if (parts.empty()) return {};
    std::string_view best = parts.front();
    auto it = std::find_if(parts.begin(), parts.end(), [](std::string_view p) { return names_an_institution(p) && !is_department(p); });
    if (it != parts.end()) best = *it;
    else if (parts.size() > 1 && is_department(parts.front())) best = parts[1];
    std::string out(text::trim(best));
    if (text::starts_with_icase(out, "the ")) out.erase(0, 4);
    return std::string(text::trim_end_any(out, {".", ";", ":", "-", "–"}));
}

// Status words that stand where a venue would: they are no venue (no facet value),
// but they do say what kind of publication it is.
std::optional<PublicationKind> status_instead_of_venue(std::string_view raw) {
    static const std::array<std::pair<const char*, PublicationKind>, 12> statuses = {{
        {"preprint", PublicationKind::preprint}, {"under review", PublicationKind::preprint},
        {"submitted", PublicationKind::preprint}, {"in submission", PublicationKind::preprint},
        {"under submission", PublicationKind::preprint}, {"in preparation", PublicationKind::preprint},
        {"manuscript", PublicationKind::preprint}, {"manuscript in preparation", PublicationKind::preprint},
        {"working paper", PublicationKind::preprint}, {"in review", PublicationKind::preprint},
        {"technical report", PublicationKind::other}, {"tech report", PublicationKind::other},
    }};
    std::string key = text::fold_key(clean_venue(raw));
    for (const auto& [word, kind] : statuses)
        if (key == word) return kind;
    // "Ph.D. Dissertation, University of X", "Master's thesis": a thesis, not a venue.
    for (const char* thesis : {"ph d dissertation", "ph d thesis", "phd dissertation", "phd thesis", "doctoral dissertation",
                               "doctoral thesis", "master s thesis", "masters thesis", "msc thesis", "m s thesis",
                               "bachelor s thesis", "bachelor thesis", "dissertation", "thesis", "habilitation"})
        if (key.rfind(thesis, 0) == 0) return PublicationKind::thesis;
    // "University of Michigan (Ph.D. dissertation)": the kind of thesis named after the school.
    for (const char* thesis : {" ph d dissertation", " ph d thesis", " phd dissertation", " phd thesis", " doctoral dissertation",
                               " doctoral thesis", " master s thesis", " masters thesis", " msc thesis"})
        if (key.find(thesis) != std::string::npos) return PublicationKind::thesis;
    return std::nullopt;
}

// "Univeristy", "Universty", "Universitty": "University" with one slip of the
// keyboard (two neighbours swapped, a letter dropped or doubled), as real CVs
// have it and no alias table spells it. A letter replaced is no slip:
// "Universiti" (Malay), "Universite", "Universita" are words of their own.
bool misspells_university(std::string_view word) {
    static constexpr std::string_view right = "university";
    const std::string w = text::ascii_lower(word);
    if (w == right) return false;
    auto without = [](std::string_view s, std::size_t i) { return std::string(s.substr(0, i)) + std::string(s.substr(i + 1)); };
    if (w.size() + 1 == right.size()) {
        for (std::size_t i = 0; i < right.size(); ++i)
            if (without(right, i) == w) return true;
    } else if (w.size() == right.size() + 1) {
        for (std::size_t i = 0; i < w.size(); ++i)
            if (without(w, i) == right) return true;
    } else if (w.size() == right.size()) {
        for (std::size_t i = 0; i + 1 < w.size(); ++i) {
            std::string swapped = w;
            std::swap(swapped[i], swapped[i + 1]);
            if (swapped == right) return true;
        }
    }
    return false;
}

// "U. of California", "Stanford Univ.": "University" abbreviated, spelled out.
std::string with_university_unabbreviated(std::string_view raw) {
    if (raw.find("U. of ") == std::string_view::npos && raw.find("Univ.") == std::string_view::npos) return std::string(raw);
    std::string out;
    for (std::size_t i = 0; i < raw.size();) {
        const bool word_start = i == 0 || !std::isalnum(static_cast<unsigned char>(raw[i - 1]));
        if (word_start && raw.substr(i, 6) == "U. of ") {
            out += "University of ";
            i += 6;
        } else if (word_start && raw.substr(i, 5) == "Univ." && (i + 5 == raw.size() || raw[i + 5] == ' ' || raw[i + 5] == ',')) {
            out += "University";
            i += 5;
        } else {
            out.push_back(raw[i++]);
        }
    }
    return out;
}

/// `raw` with each misspelled or abbreviated "University" spelled right; `raw` itself when none is.
std::string with_university_spelled(std::string_view raw_in) {
    const std::string unabbreviated = with_university_unabbreviated(raw_in);
    const std::string_view raw = unabbreviated;
    std::string out;
    std::size_t copied = 0;
    for (std::string_view w : text::words(raw)) {
        if (!misspells_university(w)) continue;
        const auto at = static_cast<std::size_t>(w.data() - raw.data());
        out.append(raw.substr(copied, at - copied));
        out += "University";
        copied = at + w.size();
    }
    if (copied == 0) return unabbreviated;
    out.append(raw.substr(copied));
    return out;
}

// ---- the registry tables (data/registry/), consulted when the hand tables know nothing ----

// The pieces of a line that may each be a name on their own: the whole line, then the
// parts between commas, semicolons, bars and spaced dashes ("CEA, Saclay", "IBM Research
// - Zurich"). With `brackets`, what is inside brackets is a part of its own ("...
// Psychology (CLPsych)"); without, bracketed text is left out of the parts ("Foo
// University (Bar Campus)" -> "Foo University").
std::vector<std::string> delimited_parts(std::string_view raw, bool brackets) {
    std::vector<std::string> parts;
    auto add = [&](std::string_view p) {
        p = text::trim(p);
        if (text::starts_with_icase(p, "the ")) p.remove_prefix(4);
        p = text::trim_end_any(p, {".", ":", "-", "–"});
        if (!p.empty() && std::find(parts.begin(), parts.end(), p) == parts.end()) parts.emplace_back(p);
    };
    add(raw);
    std::string s = brackets ? std::string(raw) : text::without_brackets(raw);
    for (const char* dash : {" - ", " – ", " — ", " | ", " · "}) {
        for (std::size_t at = s.find(dash); at != std::string::npos; at = s.find(dash)) s.replace(at, std::strlen(dash), ",");
    }
    for (char& c : s)
        if (c == ';' || c == '|' || (brackets && (c == '(' || c == ')' || c == '[' || c == ']'))) c = ',';
    for (std::string_view p : text::split(s, ',')) add(p);
    return parts;
}

// A registry name is taken only where the text is that name as a whole: an acronym
// where the text is one word written as an acronym ("CEA", not "cea"); a one-word
// name where the text is that word capitalized ("Apple", not "apple").
std::optional<RegistryTable::Hit> registry_hit(const RegistryTable& table, std::string_view part) {
    std::string key = text::fold_key(part);
    auto hit = table.find(key);
    if (!hit) return std::nullopt;
    std::vector<std::string_view> w = text::words(part);
    if (hit->acronym_only && !(w.size() == 1 && looks_like_acronym(w.front()))) return std::nullopt;
    if (w.size() == 1 && !hit->acronym_only) {
        unsigned char c = static_cast<unsigned char>(w.front().front());
        if (c >= 'a' && c <= 'z') return std::nullopt;
    }
    return hit;
}

// Entries that share their canonical value are one entity for a facet.
bool one_canonical(const RegistryTable& table, const std::vector<std::uint32_t>& ids) {
    std::string_view first = table.canonical(ids.front());
    return std::all_of(ids.begin(), ids.end(), [&](std::uint32_t i) { return table.canonical(i) == first; });
}

// Journal lists spell one journal with and without "the", "and" or "&", a word singular
// or plural, with a subtitle or a place after it: "Journal of Atmospheric Science(s)",
// "Journal of the Atmospheric Sciences", "Journal of comparative psychology (Washington,
// D.C. : 1983)". The words of a venue's name with those differences taken out.
std::string loose_venue_key(std::string_view name) {
    for (std::string_view cut : {". ", " (", " / "})
        if (std::size_t at = name.find(cut); at != std::string_view::npos && at > 0) name = name.substr(0, at);
    const std::string folded = text::fold_key(name);
    std::string key;
    for (std::string_view w : text::words(folded)) {
        if (w == "the" || w == "and") continue;
        if (w.size() > 3 && w.back() == 's') w.remove_suffix(1);
        key += (key.empty() ? "" : " ") + std::string(w);
    }
    return key;
}

// Entries that name one venue, as journal lists spell it in their several ways.
bool one_venue(const RegistryTable& table, const std::vector<std::uint32_t>& ids) {
    const std::string first = loose_venue_key(table.canonical(ids.front()));
    return std::all_of(ids.begin(), ids.end(), [&](std::uint32_t i) { return loose_venue_key(table.canonical(i)) == first; });
}

std::string field_or_empty(const std::vector<std::string_view>& f, std::size_t i) {
    return i < f.size() ? std::string(f[i]) : std::string();
}

InstitutionInfo registry_institution_info(std::uint32_t i) {
    std::vector<std::string_view> f = registry_institutions().fields(i);  // canonical, kind, country, city, domains
    return {field_or_empty(f, 0), field_or_empty(f, 1), field_or_empty(f, 2)};
}

// `parts` tried in order. A name of one organization is taken as it is. Where the name
// alone does not say which organization it is, the context (the line itself and, when
// given, the CV's e-mail domains and affiliation text) must point to one: for an acronym
// ("AIRC", "LORIA") or a name several organizations share, the text is an organization
// either way, and stays as written when the context says nothing; a one-word name
// ("Salus") is no organization without that evidence (it may be a project or a word).
std::optional<InstitutionInfo> registry_institution(const std::vector<std::string>& parts, std::string_view raw,
                                                    const RegistryContext* context) {
    const RegistryTable& table = registry_institutions();
    for (const std::string& part : parts) {
        if (is_department(part)) continue;
        auto hit = registry_hit(table, part);
        if (!hit) continue;
        const bool one_word = part.find(' ') == std::string::npos;
        if (!hit->acronym_only && !one_word && one_canonical(table, hit->entries))
            return registry_institution_info(hit->entries.front());
        RegistryContext local;
        if (context) local = *context;
        local.folded_text = text::fold_key(raw) + " " + local.folded_text;
        if (auto chosen = resolve_institution(hit->entries, local, text::fold_key(part)))
            return registry_institution_info(*chosen);
        if (hit->acronym_only || !one_word) return InstitutionInfo{part, std::string(), std::string()};
    }
    return std::nullopt;
}

// `cleaned` is clean_venue(raw); what `raw` has in brackets is tried as well, as the
// cleaner drops the brackets ("... Clinical Psychology (CLPsych)").
// `matched` is set to the part that named the venue.
std::optional<VenueInfo> registry_venue(std::string_view raw, const std::string& cleaned, std::string& matched) {
    const RegistryTable& table = registry_venues();
    std::vector<std::string> parts = delimited_parts(cleaned, true);
    for (std::size_t open = raw.find('('); open != std::string_view::npos; open = raw.find('(', open + 1)) {
        std::size_t close = raw.find(')', open);
        if (close == std::string_view::npos) break;
        std::string inner = clean_venue(raw.substr(open + 1, close - open - 1));
        if (!inner.empty() && std::find(parts.begin(), parts.end(), inner) == parts.end()) parts.push_back(std::move(inner));
    }
    for (const std::string& part : parts) {
        auto hit = registry_hit(table, part);
        if (!hit || !(hit->entries.size() == 1 || one_venue(table, hit->entries))) continue;
        std::vector<std::string_view> f = table.fields(hit->entries.front());  // canonical, kind, full name
        matched = text::fold_key(part);
        // Where the lists spell the journal in several ways, none of them is its name more
        // than the CV's own: "J. Atmos. Sci." stays so, a journal all the same.
        const bool one_spelling = hit->entries.size() == 1 || one_canonical(table, hit->entries);
        return VenueInfo{one_spelling ? field_or_empty(f, 0) : part, field_or_empty(f, 1), std::string(), field_or_empty(f, 2)};
    }
    return std::nullopt;
}

PublicationKind kind_from_venue(const std::string& kind) {
    if (kind == "conference") return PublicationKind::conference;
    if (kind == "journal") return PublicationKind::journal;
    if (kind == "workshop") return PublicationKind::workshop;
    if (kind == "preprint") return PublicationKind::preprint;
    return PublicationKind::other;
}

}  // namespace

namespace {

// The pieces of a venue string between commas, semicolons, bars, brackets, spaced
// dashes and sentence ends (". "), each cleaned: "uPM2SoC workshop, DATE '11 Conference" -> "uPM2SoC workshop",
// "DATE Conference".
std::vector<std::string> venue_parts(std::string_view raw) {
    std::string s(raw);
    for (const char* dash : {" - ", " – ", " — ", ". "})
        for (std::size_t at = s.find(dash); at != std::string::npos; at = s.find(dash)) s.replace(at, std::strlen(dash), ",");
    for (char& c : s)
        if (std::string_view(";|()[]").find(c) != std::string_view::npos) c = ',';
    std::vector<std::string> parts;
    for (std::string_view p : text::split(s, ',')) {
        std::string cleaned = clean_venue(p);
        if (!cleaned.empty()) parts.push_back(std::move(cleaned));
    }
    return parts;
}

// True if `folded` is what one of `raw`'s bracketed groups says, cleaned: "(SLT '14)".
bool bracketed(std::string_view raw, std::string_view folded) {
    for (std::size_t open = raw.find('('); open != std::string_view::npos; open = raw.find('(', open + 1)) {
        std::size_t close = raw.find(')', open);
        if (close == std::string_view::npos) break;
        if (text::fold_key(clean_venue(raw.substr(open + 1, close - open - 1))) == folded) return true;
    }
    return false;
}

bool known_venue_word(std::string_view word) {
    if (venue_table().aliases.find_whole(word)) return true;
    return registry_hit(registry_venues(), word).has_value();
}

// A venue found inside `raw` under the alias `matched`, or the workshop `raw` names
// beside it (events.hpp). `beside_acronym`: a word written as an acronym stands right
// before or after the alias. The checks that cost something run only where a workshop
// word or such a word is there at all (most venue strings have neither).
VenueInfo host_or_event(std::string_view raw, const std::string& cleaned, const VenueInfo& host, std::string_view matched,
                        bool beside_acronym) {
    if (host.kind == "workshop") {
        const std::size_t space = matched.rfind(' ');
        if (!is_workshop_word(space == std::string_view::npos ? matched : matched.substr(space + 1))) return host;
        if (auto named = named_workshop(venue_parts(raw), matched)) return VenueInfo{*named, "workshop", host.area, *named};
        return host;
    }
    const std::string folded = text::fold_key(cleaned);
    if (folded.find("workshop") != std::string::npos) {
        // A venue named a workshop ("Workshop on Hot Topics in Networks (HotNets)"), or
        // found as the acronym in brackets after a workshop's name ("IEEE Spoken Language
        // Technology Workshop (SLT)"), is the workshop the text names, whatever kind its
        // table gives it.
        const std::string full = " " + text::fold_key(host.full_name) + " ";
        if (full.find(" workshop ") != std::string::npos || full.find(" workshops ") != std::string::npos) return host;
        if (bracketed(raw, matched)) return host;
    }
    const bool workshop_word = folded.find("workshop") != std::string::npos || folded.find("doctoral") != std::string::npos;
    if (!workshop_word && !beside_acronym) return host;
    if (auto event = co_located_event(venue_parts(raw), matched, known_venue_word))
        return VenueInfo{*event, "workshop", std::string(), *event};
    return host;
}

// "Journal", "Transactions", "Proceedings": words of any publication's name, that say
// nothing about which one ("The Journal Signal Processing Systems").
bool is_publication_word(std::string_view folded) {
    for (const char* w : {"journal", "journals", "transactions", "proceedings", "proc", "letters", "review", "reviews", "annals",
                          "bulletin", "magazine", "archives", "acta", "reports", "communications", "series"})
        if (folded == w) return true;
    return false;
}

std::optional<VenueInfo> find_venue_uncached(std::string_view raw) {
    const VenueTable& t = venue_table();
    std::string cleaned = clean_venue(raw);
    if (auto whole = t.aliases.find_whole(cleaned)) return t.entries[*whole];
    // A registry name that is the whole venue or a delimited part of it ("... Clinical
    // Psychology (CLPsych)") says more than a hand-table name found inside the text
    // ("Computational Linguistics").
    std::string matched;
    if (auto registered = registry_venue(raw, cleaned, matched)) return host_or_event(raw, cleaned, *registered, matched, false);
    std::string searched = cleaned;
    auto hit = t.aliases.find_match(searched);
    if (!hit) hit = t.aliases.find_match(searched = split_letter_digit(raw));
    if (!hit && mentions_arxiv(raw)) {
        if (auto arxiv = t.aliases.find("arXiv")) return t.entries[*arxiv];
    }
    if (!hit) return std::nullopt;
    std::vector<std::string_view> w = text::words(searched);
    // "American Economic Journal", "Canadian Journal of Physics": a journal's name after
    // one more word of a name (capitalized, not an organizer in capitals such as IEEE)
    // is another journal, not this one.
    // (Only "Word <the whole known name>": inside longer text the word before may be a
    // title's last word, "Sequential Analysis Statistics in Medicine".)
    if (hit->first == 1 && hit->first + hit->count == w.size() && hit->count >= 2 && t.entries[hit->index].kind == "journal") {
        std::string_view before = w[hit->first - 1];
        const bool word_of_name = before.size() >= 4 && chars_upper_start(before) &&
                                  std::all_of(before.begin(), before.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }) &&
                                  std::any_of(before.begin() + 1, before.end(), [](char c) { return c >= 'a' && c <= 'z'; }) &&
                                  !is_publication_word(text::fold_key(before)) &&
                                  !text::fold_key(before).ends_with("ed");  // "Published IEEE Access"
        if (word_of_name) return std::nullopt;
    }
    // "International Conference on Enterprise Information Systems": a journal's name as
    // the subject of a conference or symposium named before it is that meeting's topic,
    // not the journal. (A workshop's is too; host_or_event names that workshop.)
    if (t.entries[hit->index].kind == "journal") {
        bool meeting = false;
        for (std::size_t k = 0; k < hit->first && k < w.size(); ++k) {
            const std::string f = text::fold_key(w[k]);
            if (f == "conference" || f == "symposium" || f == "congress") meeting = true;
            else if (meeting && (f == "on" || f == "of" || f == "for" || f == "in")) return std::nullopt;
        }
    }
    for (std::size_t k = hit->first; k < hit->first + hit->count && k < w.size(); ++k)
        matched += (matched.empty() ? "" : " ") + text::fold_key(w[k]);
    const std::size_t after = hit->first + hit->count;
    // An acronym the tables know beside the alias is the venue's own ("... Principles (SOSP)").
    auto unknown_acronym = [&](std::size_t k) { return k < w.size() && looks_like_acronym(w[k]) && !known_venue_word(w[k]); };
    const bool beside_acronym = unknown_acronym(after) || (hit->first > 0 && unknown_acronym(hit->first - 1));
    return host_or_event(raw, cleaned, t.entries[hit->index], matched, beside_acronym);
}

}  // namespace

std::optional<VenueInfo> find_venue(std::string_view raw) {
    thread_local LookupMemo<VenueInfo> memo;
    return memo.get(raw, find_venue_uncached);
}

// A hand-table name found in `text`, unless "of"/"de" and a name follow it in the text:
// "National Polytechnic Institute of Toulouse" is not the "National Polytechnic
// Institute" of the table but an organization of its own.
static std::optional<std::size_t> hand_alias_in(const AliasTable& aliases, std::string_view text) {
    auto m = aliases.find_match(text);
    if (!m) return std::nullopt;
    std::vector<std::string_view> w = text::words(text);
    // An acronym right after the whole name of a known organization is its team or lab
    // ("Inria TAU"), not the organization that acronym names elsewhere (Tel Aviv University).
    if (m->count == 1 && m->first > 0 && m->first < w.size()) {
        const std::string_view before = text.substr(0, static_cast<std::size_t>(w[m->first].data() - text.data()));
        if (auto owner = aliases.find_whole(before)) return owner;
    }
    // "HKU University of the Arts Utrecht": an acronym before a university's whole name is
    // that university's own short form, not the organization the acronym names elsewhere
    // (the University of Hong Kong). ("MIT Media Lab": a unit after it names no other one.)
    if (m->count == 1 && m->first == 0 && w.size() >= 4) {
        const std::string after = text::fold_key(w[1]);
        if (after.rfind("universit", 0) == 0 || after == "universidad" || after == "universiteit") {
            const std::string_view rest = text.substr(static_cast<std::size_t>(w[1].data() - text.data()));
            auto same = aliases.find_whole(rest);
            return same && *same == m->index ? same : std::nullopt;
        }
    }
    const std::size_t next = m->first + m->count;
    // "Université de Bordeaux II", "University of Rome 2": a number after the name makes
    // it another, numbered university.
    if (next < w.size() && is_ordinal_number(w[next])) return std::nullopt;
    if (next + 1 < w.size()) {
        std::string joiner = text::fold_key(w[next]);
        if ((joiner == "of" || joiner == "de") && chars_upper_start(w[next + 1])) return std::nullopt;
    }
    return m->index;
}

std::optional<InstitutionInfo> find_in_hand_table(std::string_view raw) {
    const InstitutionTable& t = institution_table();
    auto hit = hand_alias_in(t.aliases, raw);
    if (!hit) {
        std::string cleaned = clean_institution(raw);
        if (!cleaned.empty() && cleaned != raw) hit = hand_alias_in(t.aliases, cleaned);
    }
    if (!hit) {
        std::string spelled = with_university_spelled(raw);
        if (spelled != raw) return find_in_hand_table(spelled);
    }
    if (!hit) return std::nullopt;
    return t.entries[*hit];
}

namespace {

std::optional<InstitutionInfo> find_institution_uncached(std::string_view raw, const RegistryContext* context) {
    if (auto hand = find_in_hand_table(raw)) return hand;
    // An acronym in brackets after a name the tables do not know stays as the CV wrote
    // it: "Computer Science Research Institute of Toulouse (IRIT)" is the CV's own form.
    std::vector<std::string> parts = delimited_parts(raw, false);
    std::string spelled = with_university_spelled(raw);
    if (spelled != raw)
        for (std::string& p : delimited_parts(spelled, false)) parts.push_back(std::move(p));
    return registry_institution(parts, raw, context);
}

}  // namespace

std::optional<InstitutionInfo> find_institution(std::string_view raw, const RegistryContext* context) {
    if (context == nullptr) {  // the answer depends on the text alone
        thread_local LookupMemo<InstitutionInfo> memo;
        return memo.get(raw, [](std::string_view text) { return find_institution_uncached(text, nullptr); });
    }
    return find_institution_uncached(raw, context);
}

std::optional<InstitutionInfo> find_institution(std::string_view raw) { return find_institution(raw, nullptr); }

namespace {

std::optional<InstitutionInfo> find_institution_as_written_uncached(std::string_view raw) {
    const InstitutionTable& t = institution_table();
    if (auto hit = t.aliases.find_whole(raw)) return t.entries[*hit];
    std::string whole(text::trim(raw));
    if (text::starts_with_icase(whole, "the ")) whole.erase(0, 4);
    return registry_institution({whole}, raw, nullptr);
}

}  // namespace

std::optional<InstitutionInfo> find_institution_as_written(std::string_view raw) {
    thread_local LookupMemo<InstitutionInfo> memo;  // the affiliation reader asks for each comma part of each line
    return memo.get(raw, find_institution_as_written_uncached);
}

std::string venue_value(std::string_view raw) {
    if (auto v = find_venue(raw)) return v->canonical;
    if (mentions_arxiv(raw)) return "arXiv";
    return clean_venue(raw);
}

std::string institution_value(std::string_view raw, const RegistryContext* context) {
    if (auto i = find_institution(raw, context)) return i->canonical;
    return clean_institution(raw);
}

std::string institution_value(std::string_view raw) { return institution_value(raw, nullptr); }

static RegistryContext context_of(const Profile& profile) {
    RegistryContext c;
    auto add_domain = [&](std::string_view address) {
        std::string d = text::ascii_lower(text::trim(address));
        if (auto at = d.rfind('@'); at != std::string::npos) d.erase(0, at + 1);
        for (const char* scheme : {"https://", "http://"})
            if (d.rfind(scheme, 0) == 0) d.erase(0, std::strlen(scheme));
        if (auto slash = d.find('/'); slash != std::string::npos) d.erase(slash);
        if (d.rfind("www.", 0) == 0) d.erase(0, 4);
        if (d.find('.') != std::string::npos) c.email_domains.push_back(d);
    };
    for (const auto& e : profile.emails) add_domain(e);
    if (!profile.homepage.empty()) add_domain(profile.homepage);
    std::string text = profile.headline;
    for (const auto& a : profile.affiliations) text += " , " + a.institution_raw;
    for (const auto& s : profile.sections)
        if (s.heading.empty()) text += " , " + s.text.substr(0, 2000);  // the header block: address lines
    c.folded_text = text::fold_key(text);
    return c;
}

// "Workshop on Example Methods (EXM@ECIR 2022)", "... Computing (FGC'12)": the acronym in
// the last brackets of a venue, before a host, an apostrophe or a year ("EXM"); "" when
// there is none or it is a publisher's or a known venue's ("(IEEE)", "(ECIR 2022)").
static std::string bracketed_acronym(std::string_view raw) {
    const std::size_t open = raw.rfind('(');
    if (open == std::string_view::npos || open < 12) return {};  // a name before it, not only the acronym
    std::size_t end = open + 1;
    while (end < raw.size() && (std::isalnum(static_cast<unsigned char>(raw[end])) || raw[end] == '-') &&
           !std::isdigit(static_cast<unsigned char>(raw[end])))
        ++end;
    const std::string_view word = raw.substr(open + 1, end - open - 1);
    if (end >= raw.size() || (!std::isdigit(static_cast<unsigned char>(raw[end])) && std::string_view(")@ '\xE2").find(raw[end]) == std::string_view::npos))
        return {};
    if (word.size() < 2 || word.size() > 10 || !looks_like_acronym(word) || known_venue_word(word)) return {};
    return std::string(word);
}

// A venue the tables do not know, or a workshop named only by the CV, that the CV gives
// with its acronym is that acronym: the short name the CV itself uses for it.
static std::string venue_with_own_acronym(std::string_view source, const std::optional<VenueInfo>& info, std::string value) {
    if (info && info->kind != "workshop") return value;
    std::string acronym = bracketed_acronym(source);
    if (acronym.empty() || text::fold_key(acronym) == text::fold_key(value) || value.find(' ') == std::string::npos) return value;
    return acronym;
}

// "Higher School of Economics (HSE)" in one entry: the acronym the CV defines, with
// the value its entry normalized to.
static std::vector<std::pair<std::string, std::string>> defined_acronyms(const Profile& profile) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& a : profile.affiliations) {
        std::string_view raw = text::trim(a.institution_raw);
        if (raw.size() < 4 || raw.back() != ')') continue;
        const std::size_t open = raw.rfind('(');
        if (open == std::string_view::npos || open == 0) continue;
        std::string_view inner = text::trim(raw.substr(open + 1, raw.size() - open - 2));
        if (inner.find(' ') != std::string_view::npos || !looks_like_acronym(inner) || a.institution.empty() ||
            text::fold_key(a.institution) == text::fold_key(inner))
            continue;
        out.emplace_back(std::string(inner), a.institution);
    }
    return out;
}

void normalize_profile(Profile& profile) {
    const RegistryContext context = context_of(profile);
    for (auto& a : profile.affiliations) {
        const std::string& source = a.institution.empty() ? a.institution_raw : a.institution;
        a.institution = institution_value(source, &context);
    }
    // Its bare uses elsewhere ("Lecturer, HSE") name the same place, whatever else
    // the acronym may stand for in the registries.
    const auto acronyms = defined_acronyms(profile);
    for (auto& a : profile.affiliations)
        for (const auto& [acronym, value] : acronyms)
            if (text::trim(a.institution_raw) == acronym || a.institution == acronym) a.institution = value;
    for (auto& p : profile.publications) {
        const std::string& source = p.venue.empty() ? p.venue_raw : p.venue;
        if (source.empty()) continue;
        if (auto status = status_instead_of_venue(source)) {
            p.venue.clear();
            if (p.kind == PublicationKind::other) p.kind = *status;
            continue;
        }
        auto info = find_venue(source);
        p.venue = venue_with_own_acronym(source, info, info ? info->canonical : venue_value(source));
        if (info && p.kind == PublicationKind::other) p.kind = kind_from_venue(info->kind);
    }
}

}  // namespace cvsearch::normalize
