#include "parse/normalize/alias_table.hpp"

#include <algorithm>

#include "core/text.hpp"

namespace cvsearch::normalize {
namespace {

// Words of the original text (text::words, views into it), with their folded form alongside.
struct Word {
    std::string_view original;
    std::string folded;
};

// A folded word as the keys spell it: "&" standing alone is "and", so "Learning for
// Dynamics & Control" and "... Dynamics and Control" are one key ("A&M" is one word
// and stays as it is).
std::string key_word(std::string folded) { return folded == "&" ? "and" : folded; }

std::vector<Word> words_of(std::string_view text) {
    std::vector<Word> words;
    for (std::string_view w : text::words(text)) {
        std::string folded = key_word(text::fold_key(w));
        if (!folded.empty()) words.push_back({w, std::move(folded)});
    }
    return words;
}

// The key of words [start, start + len): their folded forms joined by single spaces,
// built in `key` (one buffer for all the keys a lookup tries).
const std::string& key_of(const std::vector<Word>& words, std::size_t start, std::size_t len, std::string& key) {
    key.clear();
    for (std::size_t k = start; k < start + len; ++k) {
        if (k > start) key.push_back(' ');
        key += words[k].folded;
    }
    return key;
}

std::size_t word_count(std::string_view key) {
    return key.empty() ? 0 : static_cast<std::size_t>(std::count(key.begin(), key.end(), ' ')) + 1;
}

}  // namespace

bool looks_like_acronym(std::string_view w) {
    int upper = 0;
    bool lower_then_upper = false, prev_lower = false;
    for (unsigned char c : w) {
        if (c >= 'A' && c <= 'Z') {
            ++upper;
            if (prev_lower) lower_then_upper = true;
            prev_lower = false;
        } else {
            prev_lower = c >= 'a' && c <= 'z';
        }
    }
    return upper >= 2 || lower_then_upper;
}

bool AliasTable::add(std::string_view alias, std::size_t index) {
    const std::vector<Word> words = words_of(alias);
    std::string key;
    if (key_of(words, 0, words.size(), key).empty()) return true;
    auto [it, inserted] = keys_.emplace(key, index);
    if (inserted) max_words_ = std::max(max_words_, word_count(key));
    if (inserted && words.size() >= 2) first_words_.insert(words.front().folded);
    return inserted || it->second == index;
}

std::optional<std::size_t> AliasTable::find_whole(std::string_view text) const {
    const std::vector<Word> words = words_of(text);
    std::string key;
    if (auto it = keys_.find(key_of(words, 0, words.size(), key)); it != keys_.end()) return it->second;
    return std::nullopt;
}

std::optional<std::size_t> AliasTable::find(std::string_view text) const {
    if (auto m = find_match(text)) return m->index;
    return std::nullopt;
}

std::optional<AliasTable::Match> AliasTable::find_match(std::string_view text) const {
    std::vector<Word> words = words_of(text);
    if (words.empty()) return std::nullopt;
    const std::size_t n = words.size();
    std::string key;
    // Whole text first: any alias, even a plain single word, may match it.
    if (auto it = keys_.find(key_of(words, 0, n, key)); it != keys_.end()) return Match{it->second, 0, n};

    // Only a word that begins some alias of two or more words can begin a match that long.
    std::vector<bool> begins_long(n);
    for (std::size_t start = 0; start < n; ++start) begins_long[start] = first_words_.count(words[start].folded) > 0;
    for (std::size_t len = std::min(max_words_, n); len >= 1; --len) {
        for (std::size_t start = 0; start + len <= n; ++start) {
            if (len >= 2 && !begins_long[start]) continue;
            if (len == 1 && !looks_like_acronym(words[start].original)) continue;
            if (auto it = keys_.find(key_of(words, start, len, key)); it != keys_.end()) return Match{it->second, start, len};
        }
    }
    return std::nullopt;
}

}  // namespace cvsearch::normalize
