#include "searcher/stop_words.hpp"

#include <algorithm>
#include <iterator>

#include "core/text.hpp"

namespace cvsearch::search {
namespace {

/// "works on X", "working at Y", "work with Z": the verb says nothing either.
bool is_work_verb(std::string_view w) { return w == "works" || w == "working" || w == "work" || w == "worked"; }

struct Piece {
    std::size_t begin, end;
    bool bare;  ///< a plain word that could be dropped
    std::string folded;
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

StopWordsDropped drop_stop_words(std::string_view query) {
    StopWordsDropped out{std::string(query), {}};
    // Split into whitespace-separated pieces; quoted text and brackets are not bare.
    std::vector<Piece> pieces;
    std::size_t i = 0;
    bool in_quote = false;
    while (i < query.size()) {
        if (is_space(query[i])) {
            ++i;
            continue;
        }
        std::size_t j = i;
        bool quoted = in_quote;
        while (j < query.size() && !is_space(query[j])) {
            if (query[j] == '"') {
                in_quote = !in_quote;
                quoted = true;
            }
            ++j;
        }
        std::string_view tok = query.substr(i, j - i);
        const bool plain = !quoted && std::all_of(tok.begin(), tok.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '\'' || c == '?' || c == ',' || c == '.';
        });
        std::string word(tok);
        while (!word.empty() && (word.back() == '?' || word.back() == ',' || word.back() == '.')) word.pop_back();
        // Xapian's operators are upper case; an all-capitals short word may be an acronym ("IT"), keep it.
        const bool upper = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
        pieces.push_back({i, j, plain && !word.empty() && !(upper && word.size() > 1), text::ascii_lower(word)});
        i = j;
    }
    std::vector<bool> drop(pieces.size(), false);
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        if (!pieces[k].bare) continue;
        if (is_stop_word(pieces[k].folded)) drop[k] = true;
        else if (is_work_verb(pieces[k].folded) && k + 1 < pieces.size() && pieces[k + 1].bare &&
                 is_stop_word(pieces[k + 1].folded))
            drop[k] = true;
    }
    // Nothing else to search for (no other word, or only excluded ones): keep all.
    bool positive_left = false;
    for (std::size_t k = 0; k < pieces.size(); ++k)
        if (!drop[k] && query[pieces[k].begin] != '-') positive_left = true;
    if (!positive_left) return out;
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        if (!drop[k]) continue;
        out.words.emplace_back(query.substr(pieces[k].begin, pieces[k].end - pieces[k].begin));
        std::fill(out.query.begin() + static_cast<std::ptrdiff_t>(pieces[k].begin),
                  out.query.begin() + static_cast<std::ptrdiff_t>(pieces[k].end), ' ');
    }
    return out;
}

}  // namespace cvsearch::search
