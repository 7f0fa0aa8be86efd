#include "vocabulary/acronyms.hpp"

#include <algorithm>
#include <set>

#include "core/text.hpp"
#include "vocabulary/schema.hpp"
#include "vocabulary/stop_list.hpp"

namespace cvsearch::analysis {
namespace {

using schema::acronym_prefix;
constexpr std::size_t max_short_bytes = 10;
constexpr std::size_t max_inside_bytes = 200;  ///< of a parenthesis
constexpr std::size_t max_before_bytes = 300;  ///< looked at before a parenthesis

bool ascii_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool ascii_upper(char c) { return c >= 'A' && c <= 'Z'; }
char ascii_lower(char c) { return ascii_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

/// One word of ASCII letters and digits, 2-10 long, starting with a letter,
/// with at least two capitals ("SDN", "GANs", "IoT"; not "e.g", "see", "2019").
bool is_short_form(std::string_view s) {
    if (s.size() < 2 || s.size() > max_short_bytes) return false;
    if (!((s[0] >= 'a' && s[0] <= 'z') || ascii_upper(s[0]))) return false;
    std::size_t capitals = 0;
    for (char c : s) {
        if (!ascii_alnum(c)) return false;
        capitals += ascii_upper(c);
    }
    return capitals >= 2;
}

std::size_t max_long_words(std::string_view short_form) {
    return std::min(short_form.size() + 5, short_form.size() * 2);
}

std::vector<std::string> folded_words(std::string_view s) {
    std::vector<std::string> out;
    const std::string key = text::fold_key(s);
    for (auto w : text::split(key, ' '))
        if (!w.empty()) out.emplace_back(w);
    return out;
}

/// Schwartz & Hearst's findBestLongForm: from the right, every letter and
/// digit of the short form in the candidate, in order, the first one at the
/// start of a word; the long form starts at that word. Empty if there is none.
std::string_view best_long_form(std::string_view short_form, std::string_view candidate) {
    std::ptrdiff_t s = static_cast<std::ptrdiff_t>(short_form.size()) - 1;
    std::ptrdiff_t l = static_cast<std::ptrdiff_t>(candidate.size()) - 1;
    for (; s >= 0; --s) {
        const char c = ascii_lower(short_form[static_cast<std::size_t>(s)]);
        if (!ascii_alnum(c)) continue;
        while (l >= 0 && (ascii_lower(candidate[static_cast<std::size_t>(l)]) != c ||
                          (s == 0 && l > 0 && ascii_alnum(candidate[static_cast<std::size_t>(l - 1)]))))
            --l;
        if (l < 0) return {};
        --l;
    }
    const auto space = candidate.rfind(' ', static_cast<std::size_t>(l + 1));
    return candidate.substr(space == std::string_view::npos ? 0 : space + 1);
}

/// The last `n` words of `text` (words as text::words sees them) and what
/// follows them.
std::string_view last_words(std::string_view text, std::size_t n) {
    const auto words = text::words(text);
    if (words.empty()) return {};
    const auto& first = words[words.size() > n ? words.size() - n : 0];
    return text.substr(static_cast<std::size_t>(first.data() - text.data()));
}

/// The text before `paren` back to the nearest sentence or list punctuation.
std::string_view clause_before(std::string_view text, std::size_t paren) {
    const std::size_t from = paren > max_before_bytes ? paren - max_before_bytes : 0;
    std::size_t start = from;
    for (std::size_t i = paren; i > from; --i) {
        const char c = text[i - 1];
        if (c == '.' || c == ';' || c == ':' || c == '!' || c == '?' || c == '(' || c == ')' || c == '[' ||
            c == ']' || c == '|' || c == ',' || c == '\n') {
            // A period inside a word ("e.g", "U.S") is no boundary; one before a space is.
            if (c == '.' && i < paren && text[i] != ' ') continue;
            start = i;
            break;
        }
    }
    return text::trim(text.substr(start, paren - start));
}

void add_pair(std::vector<AcronymPair>& out, std::string_view short_form, std::string_view long_form) {
    if (long_form.empty()) return;
    auto words = folded_words(long_form);
    if (words.size() < 2 || words.size() > max_long_words(short_form)) return;
    std::string folded_short = text::fold(short_form);
    if (std::find(words.begin(), words.end(), folded_short) != words.end()) return;
    out.push_back(AcronymPair{std::move(folded_short), std::move(words)});
}

}  // namespace

std::vector<AcronymPair> find_acronyms(std::string_view text) {
    std::vector<AcronymPair> out;
    for (std::size_t open = text.find('('); open != std::string_view::npos; open = text.find('(', open + 1)) {
        const std::size_t close = text.find_first_of("()", open + 1);
        if (close == std::string_view::npos || text[close] != ')' || close - open > max_inside_bytes) continue;
        std::string_view inside = text.substr(open + 1, close - open - 1);
        inside = text::trim(inside.substr(0, std::min(inside.find(';'), inside.find(','))));
        const std::string_view before = clause_before(text, open);
        if (is_short_form(inside)) {
            // "software-defined networking (SDN)"
            add_pair(out, inside, best_long_form(inside, last_words(before, max_long_words(inside))));
        } else if (inside.find(' ') != std::string_view::npos && !before.empty()) {
            // "SDN (software-defined networking)": the word right before the parenthesis.
            const auto space = before.find_last_of(" \t");
            const std::string_view short_form = before.substr(space == std::string_view::npos ? 0 : space + 1);
            if (!is_short_form(short_form) || text::words(inside).size() > max_long_words(short_form)) continue;
            const std::string_view long_form = best_long_form(short_form, inside);
            if (long_form.size() == inside.size()) add_pair(out, short_form, long_form);  // all of it, nothing else
        }
    }
    return out;
}

std::string acronym_term(const AcronymPair& pair) {
    std::string term = std::string(acronym_prefix) + pair.short_form;
    for (const auto& w : pair.long_words) term += " " + w;
    return term.size() > schema::max_term_bytes ? std::string() : term;
}

AcronymPair parse_acronym_term(std::string_view term) {
    if (term.substr(0, acronym_prefix.size()) != acronym_prefix) return {};
    term.remove_prefix(acronym_prefix.size());
    AcronymPair pair;
    for (auto w : text::split(term, ' ')) {
        if (w.empty()) continue;
        if (pair.short_form.empty()) pair.short_form = std::string(w);
        else pair.long_words.emplace_back(w);
    }
    if (pair.long_words.empty()) return {};
    return pair;
}

std::string acronym_key(std::string_view short_form_stem) {
    return std::string(acronym_prefix) + std::string(short_form_stem);
}

std::vector<std::pair<std::string, std::string>> acronym_synonyms(const std::vector<Xapian::Database>& sources,
                                                                  const Analyzer& analyzer) {
    std::set<std::pair<std::string, std::string>> entries;
    const std::string prefix(acronym_prefix);
    for (const auto& db : sources) {
        for (auto it = db.allterms_begin(prefix); it != db.allterms_end(prefix); ++it) {
            const AcronymPair pair = parse_acronym_term(*it);
            if (pair.short_form.empty()) continue;
            std::string long_form, content;  // content: without the words a query drops ("of")
            std::size_t content_words = 0;
            for (const auto& w : pair.long_words) {
                long_form += (long_form.empty() ? "" : " ") + w;
                if (is_stop_word(w)) continue;
                content += (content.empty() ? "" : " ") + w;
                ++content_words;
            }
            const std::string stem = analyzer.stem(pair.short_form);
            entries.emplace(long_form, "Z" + stem);          // long form -> short form, by the query parser
            if (content != long_form && content_words >= 2) entries.emplace(content, "Z" + stem);  // as queried
            entries.emplace(acronym_key(stem), long_form);   // short form -> long form, by the searcher
        }
    }
    return {entries.begin(), entries.end()};
}

void add_acronym_synonyms(Xapian::WritableDatabase& db, const std::vector<Xapian::Database>& sources,
                          const Analyzer& analyzer) {
    for (const auto& [key, value] : acronym_synonyms(sources, analyzer)) db.add_synonym(key, value);
}

}  // namespace cvsearch::analysis
