#include "indexer/spelling_counter.hpp"

namespace cvsearch::indexing {

bool SpellingCounter::operator()(const std::string& word) const {
    if (counting_ && word.size() > 1) ++counts_[word];  // add_spelling() ignores one-byte words
    return false;
}

void SpellingCounter::add_to(Xapian::WritableDatabase& db) {
    for (const auto& [word, count] : counts_) db.add_spelling(word, count);
    counts_.clear();
}

}  // namespace cvsearch::indexing
