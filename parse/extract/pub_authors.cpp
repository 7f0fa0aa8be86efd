// Author lists: the names before (or after) a title in a bibliography entry.
#include "parse/extract/pub_authors.hpp"

#include <algorithm>
#include <initializer_list>
#include <unordered_set>

#include "core/text.hpp"
#include "parse/normalize/normalize.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"

namespace cvsearch::extract {
namespace {

// Words of venues and titles that a person's name never has.
const std::unordered_set<std::string>& non_author_words() {
    static const std::unordered_set<std::string> w = {
        "proceedings", "proc", "conference", "conf", "symposium", "workshop", "journal", "transactions", "trans", "letters",
        "review", "reviews", "international", "annual", "ieee", "acm", "usenix", "nature", "science", "physical",
        "communications", "systems", "research", "networks", "learning", "processing", "intelligence", "engineering",
        "computing", "society", "advances", "bulletin", "reports", "magazine", "quarterly", "annals", "archives", "medicine",
        "preprint", "arxiv", "press", "university", "springer", "elsevier", "computation", "computational", "neural",
        "information", "data", "machine", "analysis", "theory", "applications", "applied", "software", "computer",
        "database", "databases", "network", "security", "privacy", "vision", "recognition", "pattern", "language",
        "languages", "programming", "operating", "distributed", "parallel", "architecture", "design", "automation",
        "robotics", "graphics", "statistics", "statistical", "mathematics", "mathematical", "physics", "chemistry",
        "biology", "biological", "medical", "clinical", "health", "energy", "environmental", "management", "economics",
        "education", "psychology", "technology", "technical", "report", "thesis", "dissertation", "patent", "paper",
        "papers", "poster", "abstract", "volume", "vol", "pages", "pp", "edition", "chapter", "book", "series", "lecture",
        "notes", "lncs", "in", "of", "the", "for", "on", "and", "with", "to", "via", "using", "towards", "toward", "a", "an",
        "is", "are", "we", "from", "by", "at", "under", "dr", "prof", "mr", "mrs", "ms", "submitted", "accepted", "appear", "review", "best", "award",
        "equal", "contribution", "denotes", "corresponding", "author", "authors", "first", "co", "oral", "spotlight",
        "findings", "companion", "extended", "short", "long", "full", "demo", "tutorial", "keynote", "invited", "talk",
        "slides", "code", "pdf", "video", "bibtex", "bibtx", "link", "project", "page", "website", "github", "doi", "url",
        "online", "available", "forthcoming", "preparation", "progress", "working", "manuscript", "draft", "large", "deep",
        "efficient", "scalable", "fast", "model", "models", "training", "inference", "system", "framework", "benchmark",
        "evaluation", "study", "survey", "approach", "method", "methods", "algorithm", "algorithms", "optimization"};
    return w;
}

bool is_particle(std::string_view w) {
    static const std::unordered_set<std::string> p = {"de", "van", "von", "der", "den", "da", "di", "del", "della", "la", "le",
                                                      "du", "dos", "das", "bin", "al", "el", "ten", "ter", "y", "zu", "dal",
                                                      "st", "mc", "mac"};
    return p.count(std::string(w)) > 0;
}

// True when `s` may hold a mark strip_marks() drops: an ASCII one, or any non-ASCII byte.
bool may_have_marks(std::string_view s) {
    return std::any_of(s.begin(), s.end(), [](char c) { return c == '*' || c == '^' || c == '#' || static_cast<unsigned char>(c) >= 0x80; });
}

// `s` without co-author marks, footnote marks and superscript affiliation digits.
std::string without_marks(std::string_view s) {
    if (!may_have_marks(s)) return std::string(s);
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t at = i;
        char32_t c = chars::next(s, i);
        if (c == U'*' || c == U'\u2020' || c == U'\u2021' || c == U'\u00A7' || c == U'\u00B6' || c == U'^' || c == U'#' ||
            c == U'\u2217' || c == U'\u00B9' || c == U'\u00B2' || c == U'\u00B3' || c == U'\u2660' || c == U'\u2663' ||
            c == U'\u2662' || c == U'\u2661' || c == U'\u2726' || c == U'\u22C6' || c == U'\u2605' || c == U'\u2606' ||
            (c >= U'\u2070' && c <= U'\u209F'))
            continue;
        out.append(s.substr(at, i - at));
    }
    return out;
}

std::string strip_marks(std::string_view s) {
    std::string out = without_marks(s);
    // Affiliation digits glued to the name: "Jane Doe1" -> "Jane Doe" (not "Granted 2024").
    std::size_t digits = 0;
    while (digits < out.size() && std::isdigit(static_cast<unsigned char>(out[out.size() - 1 - digits]))) ++digits;
    if (digits > 0 && digits <= 2 && digits < out.size() && std::isalpha(static_cast<unsigned char>(out[out.size() - 1 - digits])))
        out.resize(out.size() - digits);
    // "Otto J.M., et al., incl. Doe J.": the list includes the name after "incl."
    std::string_view t = text::trim(out);
    for (std::string_view lead : {"incl. ", "incl.~", "including "})
        if (t.size() > lead.size() && t.substr(0, lead.size()) == lead) t = text::trim(t.substr(lead.size()));
    return std::string(t);
}

std::vector<std::string_view> words_of(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::string_view w : text::split(s, ' '))
        if (!w.empty()) out.push_back(w);
    return out;
}

bool is_initials(std::string_view w) {
    // "J.", "J.-W.", "JQ" (Vancouver), "A.B."
    std::size_t letters = chars::count_letters(w);
    if (letters == 0 || letters > 3) return false;
    if (w.find('.') != std::string_view::npos) return true;
    return chars::count_upper(w) == letters && letters <= 3;
}

bool is_name_word(std::string_view w) {
    std::string_view core = w;
    while (!core.empty() && (core.back() == ',' || core.back() == '.')) core.remove_suffix(1);
    if (core.empty()) return false;
    for (std::size_t i = 0; i < core.size();) {
        char32_t c = chars::next(core, i);
        // (U+2010 and U+2011 are hyphens too, the non-breaking one typeset in "González‑Santa".)
        if (!chars::is_letter(c) && c != U'-' && c != U'\u2010' && c != U'\u2011' && c != U'\'' && c != U'\u2019' && c != U'.')
            return false;
    }
    return chars::is_upper(chars::first(core));
}

// (start, end) byte ranges of the top-level comma/semicolon items of s.
// Items are separated by commas, semicolons, " and " and " & " outside brackets:
// "Doe, J. and Roe, R." has the items "Doe", "J.", "Roe", "R.".
std::vector<std::pair<std::size_t, std::size_t>> items_of(std::string_view s) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t start = 0;
    int depth = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == '(' || c == '[') ++depth;
        if ((c == ')' || c == ']') && depth > 0) --depth;
        if (depth != 0) continue;
        if (c == ',' || c == ';') {
            out.emplace_back(start, i);
            start = i + 1;
        } else if (c == ' ' && (s.compare(i, 5, " and ") == 0 || s.compare(i, 3, " & ") == 0)) {
            std::size_t len = s.compare(i, 5, " and ") == 0 ? 5 : 3;
            out.emplace_back(start, i);
            start = i + len;
            i += len - 1;
        }
    }
    out.emplace_back(start, s.size());
    return out;
}

// `s` with each separator in `seps` (" and ", " & ") made a comma, in that order.
std::string with_commas(std::string s, std::initializer_list<std::string_view> seps) {
    for (std::string_view sep : seps)
        if (s.find(sep) != std::string::npos) s = text::replace_all(s, sep, ",");
    return s;
}

std::string_view strip_and(std::string_view s) {
    s = text::trim(s);
    for (std::string_view lead : {"and ", "And ", "& ", "\xE2\x80\xA6 ", "... "})
        if (s.substr(0, lead.size()) == lead) s = text::trim(s.substr(lead.size()));
    return s;
}

bool is_ellipsis(std::string_view s) {
    s = text::trim(s);
    return s == "..." || s == "\xE2\x80\xA6" || s == "et al." || s == "et al" || s == "etc." || s.empty();
}

// Offsets of ". " (and "? ", "! ") in s where a sentence may end.
std::vector<std::size_t> sentence_ends(std::string_view s) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i + 1 < s.size(); ++i)
        if ((s[i] == '.' || s[i] == '?' || s[i] == '!') && s[i + 1] == ' ') out.push_back(i);
    return out;
}

// "B. D.", "JQ": initials only.
bool all_initials(std::string_view s) {
    const std::string stripped = strip_marks(s);  // words_of() returns views: keep it alive
    auto w = words_of(stripped);
    return !w.empty() && w.size() <= 3 && std::all_of(w.begin(), w.end(), [](std::string_view x) { return is_initials(x); });
}

}  // namespace

std::string clean_author(std::string_view s) {
    std::string t = text::collapse_whitespace(strip_marks(strip_and(s)));
    while (!t.empty() && (t.back() == ',' || t.back() == ';')) t.pop_back();
    return looks_like_author(t) ? t : std::string();
}

bool looks_like_author(std::string_view s) {
    std::string t = strip_marks(s);
    std::string_view v = text::trim(t);
    if (v.empty() || v.size() > 60 || chars::has_digit(v)) return false;
    if (chars::has_cjk(v)) return chars::count_letters(v) >= 2 && chars::count_letters(v) <= 4 && v.find(' ') == std::string_view::npos;
    for (char c : v)
        if (c == ':' || c == '"' || c == '(' || c == ')' || c == '/' || c == '@' || c == '?' || c == '!') return false;
    auto words = words_of(v);
    if (words.empty() || words.size() > 5) return false;
    std::size_t full = 0;
    for (std::size_t i = 0; i < words.size(); ++i) {
        std::string_view w = words[i];
        std::string key = text::fold_key(w);
        if (is_particle(key) && i + 1 < words.size()) continue;
        // "Bo An", "B.-Q. For", "Linh Do": a family name that is also a function word, last
        // after a given name or initials.
        const bool family_an = (key == "an" || key == "for" || key == "do") && i + 1 == words.size() && i > 0 &&
                               chars::is_upper(chars::first(w));
        if (!is_initials(w) && !family_an && non_author_words().count(key)) return false;
        // "Gradient-EM Bayesian Meta-learning": a title word joined by a hyphen ("Jae-won",
        // "Tieu-Long" are names: parts of five letters or fewer are not looked up).
        if (w.find('-') != std::string_view::npos)
            for (std::string_view part : text::split(w, '-'))
                if (chars::count_letters(part) >= 6 && non_author_words().count(text::fold_key(part))) return false;
        if (!is_name_word(w)) return false;
        if (!is_initials(w)) ++full;
    }
    // "Doe" alone is a surname (APA "Doe, J."); "J." alone only with a surname.
    return full >= 1;
}

std::vector<std::string> split_authors(std::string_view list) {
    std::vector<std::string> raw;
    for (auto [b, e] : items_of(list)) {
        std::string_view item = strip_and(list.substr(b, e - b));
        // "A and B", "A & B" inside one item.
        std::string s = with_commas(std::string(item), {" and ", " & ", " And "});
        for (std::string_view part : text::split(s, ','))
            if (!is_ellipsis(part)) raw.emplace_back(text::trim(part));
    }
    // APA and author-year styles write "Surname, I. I.": merge a surname with the initials after it.
    std::vector<std::string> out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        std::string name = raw[i];
        if (i + 1 < raw.size()) {
            const std::string next = strip_marks(raw[i + 1]);  // words_of() returns views: keep it alive
            auto w = words_of(next);
            bool initials_only = !w.empty() && std::all_of(w.begin(), w.end(), [](std::string_view x) { return is_initials(x) && x.find('.') != std::string_view::npos; });
            if (initials_only && words_of(raw[i]).size() <= 2) {
                name = raw[i] + ", " + raw[i + 1];
                ++i;
            }
        }
        std::string c = text::collapse_whitespace(strip_marks(name));
        if (!c.empty() && (looks_like_author(c) || c.find(',') != std::string::npos)) out.push_back(c);
    }
    return out;
}

bool is_author_list(std::string_view s) {
    s = text::trim(s);
    while (!s.empty() && (s.back() == ':' || s.back() == '.' || s.back() == ',')) s.remove_suffix(1);
    auto items = items_of(s);
    std::size_t names = 0, total = 0;
    for (auto [b, e] : items) {
        std::string item = with_commas(std::string(strip_and(s.substr(b, e - b))), {" and ", " & "});
        for (std::string_view part : text::split(item, ',')) {
            std::string p = strip_marks(part);
            if (is_ellipsis(p)) continue;
            // Remarks after the list: "(*Equal contribution)".
            if (p.front() == '(') continue;
            ++total;
            auto w = words_of(p);
            if (looks_like_author(p) || (w.size() <= 3 && !w.empty() && std::all_of(w.begin(), w.end(), [](std::string_view x) { return is_initials(x); })))
                ++names;
        }
    }
    return total >= 1 && names * 10 >= total * 8 && (names >= 2 || (names == 1 && total == 1 && words_of(s).size() >= 2));
}

namespace {

// "J. Doe, D. Roe, & J. Poe, Combined Convolutional and Recurrent Networks": the name
// after the last "and" or "&" (the separator just before `begin`) closes the list. The
// list runs on only for what still belongs to it: the initials of an APA surname ("&
// Poe, P.", "& Poe, P. Title"), a year ("and Poe, 2019."), or a further name written like the ones before
// (names with initials: a next "name" without any is the title's first words).
bool closes_list(std::string_view entry, const std::vector<std::string>& names, std::size_t begin, std::string_view next_item) {
    const bool after_and = (begin >= 3 && entry.compare(begin - 3, 3, " & ") == 0) || (begin >= 5 && entry.compare(begin - 5, 5, " and ") == 0);
    if (!after_and) return false;
    const std::string next = strip_marks(strip_and(next_item));  // words_of() returns views: keep it alive
    const auto w = words_of(next);
    if (w.empty() || next.front() == '(' || !find_years(next.substr(0, std::min<std::size_t>(next.size(), 12))).empty()) return false;
    // ("& Brandt, P.-Y. Drift Maps": the surname's initials lead the next item, the title after them.)
    if (is_initials(w.front())) return false;
    if (!looks_like_author(next)) return true;
    const auto with_initial = [](std::string_view name) {
        const std::string t = strip_marks(name);
        const auto ws = words_of(t);
        return std::any_of(ws.begin(), ws.end(), [](std::string_view x) { return is_initials(x); });
    };
    return !with_initial(next) && std::all_of(names.begin(), names.end(), [&](const std::string& n) { return is_ellipsis(n) || with_initial(n); });
}

}  // namespace

std::optional<AuthorPrefix> author_prefix(std::string_view entry) {
    AuthorPrefix out;
    std::vector<std::string> names;
    auto items = items_of(entry);
    std::size_t end = 0;
    bool finished = false;
    bool last_was_surname = false;  // APA: "Doe, J. R." has the initials after the surname
    for (std::size_t k = 0; k < items.size() && !finished; ++k) {
        auto [b, e] = items[k];
        std::string_view item = entry.substr(b, e - b);
        std::string_view core = strip_and(item);
        std::size_t core_off = static_cast<std::size_t>(core.data() - entry.data());
        // "et al." ends the list; the title follows.
        if (!names.empty() && (core.rfind("et al", 0) == 0)) {
            std::size_t dot = core.find('.');
            end = core_off + (dot == std::string_view::npos ? 5 : dot + 1);
            // "et al. (2024). Title"
            std::string_view after = text::trim(entry.substr(end));
            if (after.size() > 6 && after.front() == '(') {
                auto ys = find_years(after.substr(0, 8));
                std::size_t close = after.find(')');
                if (!ys.empty() && close != std::string_view::npos && close < 10) {
                    out.year = ys.front().year;
                    end = static_cast<std::size_t>(after.data() - entry.data()) + close + 1;
                    while (end < entry.size() && (entry[end] == '.' || entry[end] == ' ' || entry[end] == ',')) ++end;
                }
            }
            finished = true;
            break;
        }
        // "C. Doe et al. Title": one name, then "et al." in the same item.
        // "Doe, J. et al. Title": the initials of the surname before, then "et al.".
        if (std::size_t at = core.find(" et al"); at != std::string_view::npos &&
                                                 (looks_like_author(core.substr(0, at)) || (!names.empty() && all_initials(core.substr(0, at))))) {
            names.emplace_back(core.substr(0, at));
            std::size_t dot = core.find('.', at);
            end = core_off + (dot == std::string_view::npos ? at + 6 : dot + 1);
            finished = true;
            break;
        }
        // "Doe, J., Roe, R. (submitted). Title": a status where the year would be.
        if (!names.empty()) {
            std::string lower = text::ascii_lower(core.substr(0, std::min<std::size_t>(core.size(), 40)));
            for (std::string_view status : {"(submitted)", "(in press)", "(forthcoming)", "(accepted)", "(under review)", "(n.d.)",
                                            "(in preparation)", "(to appear)"}) {
                std::size_t at = lower.find(status);
                if (at == std::string::npos) continue;
                std::string_view before = text::trim(core.substr(0, at));
                if (!before.empty()) names.emplace_back(before);
                out.status = std::string(status.substr(1, status.size() - 2));
                std::size_t after = core_off + at + status.size();
                while (after < entry.size() && (entry[after] == '.' || entry[after] == ',' || entry[after] == ' ')) ++after;
                end = after;
                finished = true;
                break;
            }
            if (finished) break;
        }
        // "Roe, B., Poe, C. E.: Title" (Copernicus, Springer): the initials of the surname
        // before, then the colon that closes the list.
        if (const std::size_t colon = core.find(':'); last_was_surname && colon != std::string_view::npos &&
                                                      all_initials(core.substr(0, colon))) {
            names.emplace_back(core.substr(0, colon));
            end = core_off + colon + 1;
            finished = true;
            break;
        }
        // "Doe, Roe, Poe: Title" — a colon closes the list (but in "Roe, P.-Y. SenSE: A
        // Toolkit" the initials of "Roe" end the list and the title holds the colon).
        const std::size_t first_stop = core.find(". ");
        const bool initials_end_list = last_was_surname && first_stop != std::string_view::npos &&
                                       all_initials(core.substr(0, first_stop + 1)) && first_stop < core.find(':');
        if (std::size_t colon = core.find(':'); colon != std::string_view::npos && !initials_end_list) {
            std::string_view name = text::trim(core.substr(0, colon));
            bool last_and = name.rfind("and ", 0) == 0;
            // "Perseus: A System" and "Supporting Our AI Overlords: ..." are titles.
            auto nw = words_of(name);
            bool plausible = !names.empty() || (nw.size() >= 2 && nw.size() <= 3 && std::none_of(nw.begin(), nw.end(), [](std::string_view w) {
                                                    return chars::count_letters(w) >= 2 && chars::count_upper(w) == chars::count_letters(w);
                                                }));
            if (plausible && (looks_like_author(name) || (last_and && looks_like_author(name.substr(4))))) {
                names.emplace_back(name);
                end = core_off + colon + 1;
                finished = true;
                break;
            }
        }
        // Author-year: "..., 2019. Title" or "... (2019). Title".
        auto years = find_years(core);
        if (!years.empty() && !names.empty()) {
            std::string_view before = text::trim(core.substr(0, years.front().begin));
            // "(24 March, 2021)": a full date where APA puts the year.
            std::size_t open = before.rfind('(');
            if (open != std::string_view::npos && is_only_dates(std::string(before.substr(open + 1)) + " " + std::to_string(years.front().year)))
                before = text::trim(before.substr(0, open + 1));
            bool paren = !before.empty() && before.back() == '(';
            // "Roe, R. (2019)" but not "Roe. Title. Eur. Phys. J. C 79 (2019) 455": only a
            // name may stand before the parenthesized year.
            if (paren) {
                std::string_view name = text::trim(before.substr(0, before.size() - 1));
                if (chars::count_words(name) > 4) paren = false, before = "x";
            }
            if (before.empty() || paren) {
                out.year = years.front().year;
                std::size_t after = core_off + years.front().end;
                while (after < entry.size() && (entry[after] == ')' || entry[after] == '.' || entry[after] == ',' || entry[after] == ' '))
                    ++after;
                // Name before "(2019)" in the same item: "Roe, R. (2019). Title".
                if (paren) {
                    std::string_view name = text::trim(before.substr(0, before.size() - 1));
                    if (!name.empty()) names.emplace_back(name);
                }
                end = after;
                finished = true;
                break;
            }
        }
        // "[175 additional coauthors, including Doe, J.]": a remark inside the list.
        if (!names.empty() && (core.front() == '[' || core.front() == '(') &&
            text::ascii_lower(core).find("author") != std::string_view::npos) {
            end = e;
            continue;
        }
        // APA "For, B.-Q.": a one-word surname that is also a function word, its initials next.
        const bool apa_surname = !names.empty() && k + 1 < items.size() && words_of(core).size() == 1 && is_name_word(core) &&
                                 all_initials(strip_and(entry.substr(items[k + 1].first, items[k + 1].second - items[k + 1].first)));
        if (looks_like_author(core) || is_ellipsis(core) || apa_surname) {
            names.emplace_back(core);
            last_was_surname = words_of(strip_marks(core)).size() == 1;
            end = e;
            if (k + 1 < items.size() && closes_list(entry, names, b, entry.substr(items[k + 1].first, items[k + 1].second - items[k + 1].first))) {
                finished = true;
                break;
            }
            continue;
        }
        {
            std::string s(core);
            bool all = s.find(" and ") != std::string::npos || s.find(" & ") != std::string::npos;
            if (all) {
                std::string t = with_commas(s, {" and ", " & "});
                for (std::string_view part : text::split(t, ','))
                    if (!looks_like_author(part) && !is_ellipsis(part)) all = false;
                if (all) {
                    names.emplace_back(core);
                    end = e;
                    continue;
                }
            }
        }
        // Initials only ("B. D.", "JQ"): part of an APA name.
        {
            const std::string stripped = strip_marks(core);  // words_of() returns views: keep it alive
            auto w = words_of(stripped);
            if (!w.empty() && w.size() <= 3 && !names.empty() &&
                std::all_of(w.begin(), w.end(), [](std::string_view x) { return is_initials(x); })) {
                names.emplace_back(core);
                last_was_surname = false;
                end = e;
                continue;
            }
        }
        // The last author runs into the title: "T. Brändli. Shard-Level Checkpointing".
        for (std::size_t dot : sentence_ends(core)) {
            std::string_view name = core.substr(0, dot);
            std::string_view rest = text::trim(core.substr(dot + 1));
            if (rest.empty()) break;
            // "Doe, J. R. Title": initials glued to the title after an APA surname.
            const std::string stripped = strip_marks(name);  // words_of() returns views: keep it alive
            auto w = words_of(stripped);
            bool initials = last_was_surname && !w.empty() && w.size() <= 3 &&
                            std::all_of(w.begin(), w.end(), [](std::string_view x) { return is_initials(x); });
            // "Roe, A. D. Title": the initials run on to the last of them.
            if (initials && w.size() < 3 && rest.size() > 3 && std::isupper(static_cast<unsigned char>(rest[0])) && rest[1] == '.' &&
                rest[2] == ' ')
                continue;
            if (looks_like_author(name) || initials) {
                // "Jane Q. Doe. Title": the dot after an initial does not end the name
                // when the words up to the next stop still make one name.
                if (!initials && is_initials(words_of(name).back())) {
                    std::size_t stop = rest.find_first_of(".,");
                    std::string longer = std::string(name) + ". " + std::string(rest.substr(0, stop));
                    if (looks_like_author(longer)) continue;
                }
                names.emplace_back(name);
                end = core_off + dot + 1;
                finished = true;
                break;
            }
        }
        break;
    }
    if (names.empty() || end == 0) return std::nullopt;
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    out.authors = split_authors(list);
    if (out.authors.empty()) return std::nullopt;
    // A single "author" that is really a capitalized title ("Deep Nets") is not a list:
    // demand a clear end (a year or a sentence end) or at least two names.
    if (out.authors.size() < 2 && !finished) return std::nullopt;
    // "SIGGRAPH, 2026", "Nature, 2020": one word and a year is a venue line; an
    // author list with its year names a person with initials ("Doe, J. (2019)").
    // ("SIGGRAPH Asia, 2025": a venue the table knows is no author either.)
    if (out.year && out.authors.size() == 1 &&
        (words_of(strip_marks(out.authors.front())).size() == 1 || normalize::find_venue(out.authors.front())))
        return std::nullopt;
    // Chicago's author-date style: "Doe, Jane, and Bo Roe. 2009. Title.": the year a
    // sentence of its own after the list ("2009a." too).
    if (!out.year) {
        std::size_t at = end;
        while (at < entry.size() && entry[at] == ' ') ++at;
        const std::string_view head = entry.substr(at, 7);
        std::size_t stop = 0;
        while (stop < head.size() && stop < 4 && chars::is_digit(head[stop])) ++stop;
        auto ys = find_years(head.substr(0, stop));
        if (stop == 4 && stop < head.size() && std::islower(static_cast<unsigned char>(head[stop]))) ++stop;  // "2009a"
        if (!ys.empty() && stop >= 4 && stop < head.size() && head[stop] == '.' && (stop + 1 == head.size() || head[stop + 1] == ' ')) {
            out.year = ys.front().year;
            end = at + stop + 1;
        }
    }
    out.end = end;
    return out;
}

}  // namespace cvsearch::extract
