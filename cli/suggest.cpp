#include "suggest.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace cvsearch::cli {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Three rows of the dynamic-programming table: two back for the swap.
    std::vector<std::size_t> two(b.size() + 1), one(b.size() + 1), cur(b.size() + 1);
    std::iota(one.begin(), one.end(), 0);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({one[j] + 1, cur[j - 1] + 1, one[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], two[j - 2] + 1);
        }
        std::swap(two, one);
        std::swap(one, cur);
    }
    return one[b.size()];
}

std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates) {
    if (word.size() < 3) return std::nullopt;
    const std::size_t allowed = word.size() <= 4 ? 1 : 2;
    std::optional<std::string> best;
    std::size_t best_distance = std::numeric_limits<std::size_t>::max();
    for (const auto& c : candidates) {
        const std::size_t d = edit_distance(word, c);
        if (d <= allowed && d < best_distance) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

}  // namespace cvsearch::cli
