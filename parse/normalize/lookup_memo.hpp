// parse/normalize/lookup_memo.hpp — a small per-thread memo for the normalizer's lookups.
//
// The extractor asks find_venue / find_institution about the same strings many times while
// it reads one CV (each candidate chunk of a citation, each part of an affiliation line),
// and every miss in the hand tables costs a few registry lookups. The tables never change,
// so the answers are pure functions of the text: a LookupMemo remembers the last few
// thousand of them and starts over when full (bounded memory, no eviction bookkeeping).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace cvsearch::normalize {

template <class T>
class LookupMemo {
  public:
    static constexpr std::size_t kCapacity = 4096;

    /// compute(text)'s answer, from the memo when `text` was asked before.
    template <class Compute>
    std::optional<T> get(std::string_view text, Compute compute) {
        if (auto it = answers_.find(text); it != answers_.end()) return it->second;
        std::optional<T> answer = compute(text);
        if (answers_.size() >= kCapacity) answers_.clear();
        answers_.emplace(std::string(text), answer);
        return answer;
    }

  private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, std::optional<T>, Hash, std::equal_to<>> answers_;
};

}  // namespace cvsearch::normalize
