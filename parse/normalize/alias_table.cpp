#include "parse/normalize/alias_table.hpp"

#include <algorithm>

#include "core/text.hpp"

namespace cvsearch::normalize {
namespace {

// Words of the original text (text::words), with their folded form alongside.
struct Word {
    std::string original;
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
        if (!folded.empty()) words.push_back({std::string(w), folded});
    }
    return words;
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
    std::string key;
    for (const auto& w : words_of(alias)) key += (key.empty() ? "" : " ") + w.folded;
    if (key.empty()) return true;
    auto [it, inserted] = keys_.emplace(key, index);
    if (inserted) max_words_ = std::max(max_words_, word_count(key));
    return inserted || it->second == index;
}

std::optional<std::size_t> AliasTable::find_whole(std::string_view text) const {
    std::string whole;
    for (const auto& w : words_of(text)) whole += (whole.empty() ? "" : " ") + w.folded;
    if (auto it = keys_.find(whole); it != keys_.end()) return it->second;
    return std::nullopt;
}

std::optional<std::size_t> AliasTable::find(std::string_view text) const {
    if (auto m = find_match(text)) return m->index;
    return std::nullopt;
}

std::optional<AliasTable::Match> AliasTable::find_match(std::string_view text) const {
    std::vector<Word> words = words_of(text);
    if (words.empty()) return std::nullopt;
    // Whole text first: any alias, even a plain single word, may match it.
    if (auto whole = find_whole(text)) return Match{*whole, 0, words.size()};

    const std::size_t n = words.size();
    for (std::size_t len = std::min(max_words_, n); len >= 1; --len) {
        for (std::size_t start = 0; start + len <= n; ++start) {
            if (len == 1 && !looks_like_acronym(words[start].original)) continue;
            std::string key = words[start].folded;
            for (std::size_t k = start + 1; k < start + len; ++k) key += " " + words[k].folded;
            if (auto it = keys_.find(key); it != keys_.end()) return Match{it->second, start, len};
        }
    }
    return std::nullopt;
}

}  // namespace cvsearch::normalize
