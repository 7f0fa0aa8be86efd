#include "vocabulary/pair_terms.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/text.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::indexing {
PairWords::PairWords(std::vector<std::string> words) : words_(std::move(words)) {
    words_.erase(std::remove_if(words_.begin(), words_.end(),
                                [](const std::string& w) { return w.empty() || w.find('\n') != std::string::npos; }),
                 words_.end());
    std::sort(words_.begin(), words_.end());
    words_.erase(std::unique(words_.begin(), words_.end()), words_.end());
    set_.insert(words_.begin(), words_.end());
}

PairWords PairWords::from_metadata(std::string_view value) {
    std::vector<std::string> words;
    while (!value.empty()) {
        const std::size_t end = std::min(value.find('\n'), value.size());
        if (end > 0) words.emplace_back(value.substr(0, end));
        value.remove_prefix(std::min(end + 1, value.size()));
    }
    return PairWords(std::move(words));
}

std::string PairWords::to_metadata() const {
    std::string out;
    for (const auto& w : words_) out += w + '\n';
    return out;
}

std::optional<std::string> pair_term(std::string_view a, std::string_view b) {
    std::string term;
    term.reserve(schema::pair_prefix.size() + a.size() + 1 + b.size());
    term.append(schema::pair_prefix).append(a).append(1, ' ').append(b);
    if (term.size() > schema::max_term_bytes) return std::nullopt;
    return term;
}

void add_pair_terms(Xapian::Document& doc, const PairWords& words) {
    if (words.empty()) return;
    std::vector<std::string> found;                           // the listed words of this document
    std::vector<std::pair<Xapian::termpos, std::size_t>> at;  // (position, index into found)
    for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
        const std::string term = *t;
        if (!schema::unprefixed(term) || !words.contains(term)) continue;
        for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) at.emplace_back(*p, found.size());
        found.push_back(term);
    }
    std::sort(at.begin(), at.end());
    std::vector<std::string> pairs;
    // Every word at position p with every word at p + 1 (one word per position
    // in practice; several would all pair up, as a phrase would match them).
    for (std::size_t i = 0, next = 0; i < at.size(); ++i) {
        next = std::max(next, i + 1);
        while (next < at.size() && at[next].first <= at[i].first) ++next;
        for (std::size_t j = next; j < at.size() && at[j].first == at[i].first + 1; ++j)
            if (auto term = pair_term(found[at[i].second], found[at[j].second])) pairs.push_back(std::move(*term));
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    for (const auto& term : pairs) doc.add_boolean_term(term);
}

void PairWordCounter::add(const Xapian::Document& doc) {
    ++documents_;
    for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
        const std::string term = *t;
        if (schema::unprefixed(term) && !text::is_number_like(term) && t.positionlist_count() > 0) ++df_[term];
    }
}

PairWords PairWordCounter::choose(double min_share, std::size_t max_words) const {
    const auto min_df = std::max<std::size_t>(2, static_cast<std::size_t>(std::ceil(min_share * static_cast<double>(documents_))));
    std::vector<std::pair<std::size_t, std::string>> common;
    for (const auto& [word, df] : df_)
        if (df >= min_df) common.emplace_back(df, word);
    // Most frequent first; ties by the word, so that the same sample always gives the same list.
    std::sort(common.begin(), common.end(), [](const auto& x, const auto& y) {
        return x.first != y.first ? x.first > y.first : x.second < y.second;
    });
    if (common.size() > max_words) common.resize(max_words);
    std::vector<std::string> words;
    for (auto& c : common) words.push_back(std::move(c.second));
    return PairWords(std::move(words));
}

}  // namespace cvsearch::indexing
