#include "searcher/value_suggest.hpp"

#include <algorithm>

#include "core/text.hpp"

namespace cvsearch::search {
namespace {

std::string without_spaces(std::string_view folded) {
    std::string out;
    for (char ch : folded)
        if (ch != ' ') out += ch;
    return out;
}

bool means(const std::vector<std::string>& asked_words, std::string_view candidate) {
    const std::string folded = text::fold_key(candidate);
    const std::string joined = without_spaces(folded);
    const auto candidate_words = text::words(folded);
    for (const auto& w : asked_words) {
        if (joined.find(w) != std::string::npos) continue;
        bool typo = w.size() >= 5 && std::any_of(candidate_words.begin(), candidate_words.end(),
                                                 [&](std::string_view cw) { return text::edit_distance(w, cw) <= 1; });
        if (!typo) return false;
    }
    return true;
}

}  // namespace

std::vector<std::string> suggest_values(std::string_view asked, const std::vector<FacetValue>& known, std::size_t limit) {
    const std::string folded = text::fold_key(asked);
    std::vector<std::string> words;
    for (auto w : text::words(folded))
        if (w.size() >= 2) words.emplace_back(w);
    std::vector<FacetValue> close;
    if (!words.empty())
        for (const auto& v : known)
            if (means(words, v.value)) close.push_back(v);
    std::stable_sort(close.begin(), close.end(), [](const FacetValue& a, const FacetValue& b) { return a.count > b.count; });
    std::vector<std::string> out;
    for (std::size_t i = 0; i < close.size() && out.size() < limit; ++i) out.push_back(close[i].value);
    return out;
}

}  // namespace cvsearch::search
