#include "parse/normalize/events.hpp"

#include <algorithm>
#include <array>

#include "core/text.hpp"
#include "parse/normalize/alias_table.hpp"

namespace cvsearch::normalize {
namespace {

// Organizers, publishers and proceedings series written beside a venue's name, and
// names of a conference's own tracks: none of them is another event.
bool organizer_or_track(std::string_view folded) {
    static const std::array<std::string_view, 40> words = {
        "acm", "ieee", "usenix", "ifip", "siam", "aaai", "cvf", "iapr", "ifac", "ieice", "ipsj", "iet", "iee",
        "eurasip", "isca", "spie", "asme", "aiaa", "ams", "aps", "osa", "iop", "aip", "lncs", "lnai", "lnbi",
        "ccis", "lipics", "oasics", "eptcs", "ceur", "ws", "pmlr", "jmlr", "phd", "ea", "lbw", "src", "nier", "seip"};
    if (folded.size() > 3 && folded.substr(0, 3) == "sig") return true;  // SIGPLAN, SIGOPS, SIGKDD
    return std::find(words.begin(), words.end(), folded) != words.end();
}

bool is_roman_numeral(std::string_view w) {
    return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c == 'I' || c == 'V' || c == 'X'; });
}

// An acronym that may name an event of its own: written as one, at least half of its
// letters capitals ("EGRAPHS", "LATTE", "uPM2SoC"; not a system's name such as
// "HexaFlow"), three letters or more, no organizer, no numeral.
bool event_acronym(std::string_view word) {
    std::size_t letters = 0, capitals = 0;
    for (char c : word) {
        if (c >= 'A' && c <= 'Z') ++capitals, ++letters;
        else if (c >= 'a' && c <= 'z') ++letters;
    }
    return letters >= 3 && 2 * capitals >= letters && looks_like_acronym(word) && !is_roman_numeral(word) &&
           !organizer_or_track(text::fold_key(word));
}

struct Span {
    std::size_t part = 0, first = 0, count = 0;
};

// Where the folded words of `matched` occur in `parts`, if they do.
std::optional<Span> locate(const std::vector<std::vector<std::string>>& folded_parts, std::string_view matched) {
    std::vector<std::string_view> key = text::split(matched, ' ');
    if (key.empty()) return std::nullopt;
    for (std::size_t p = 0; p < folded_parts.size(); ++p) {
        const auto& w = folded_parts[p];
        for (std::size_t i = 0; i + key.size() <= w.size(); ++i)
            if (std::equal(key.begin(), key.end(), w.begin() + static_cast<std::ptrdiff_t>(i))) return Span{p, i, key.size()};
    }
    return std::nullopt;
}

}  // namespace

bool is_workshop_word(std::string_view w) { return w == "workshop" || w == "workshops" || w == "doctoral"; }

static std::vector<std::vector<std::string>> folded_words(const std::vector<std::string>& parts) {
    std::vector<std::vector<std::string>> folded;
    for (const std::string& part : parts) {
        folded.emplace_back();
        for (std::string_view w : text::words(part)) folded.back().push_back(text::fold_key(w));
    }
    return folded;
}

std::optional<std::string> named_workshop(const std::vector<std::string>& parts, std::string_view matched) {
    const std::size_t last_space = matched.rfind(' ');
    const std::string_view last = last_space == std::string_view::npos ? matched : matched.substr(last_space + 1);
    if (!is_workshop_word(last)) return std::nullopt;
    const std::vector<std::vector<std::string>> folded = folded_words(parts);
    const std::optional<Span> at = locate(folded, matched);
    if (!at || at->first + at->count >= folded[at->part].size()) return std::nullopt;
    return parts[at->part];
}

std::optional<std::string> co_located_event(const std::vector<std::string>& parts, std::string_view matched,
                                            const std::function<bool(std::string_view)>& known) {
    std::vector<std::vector<std::string_view>> words;  // original words of each part
    for (const std::string& part : parts) words.push_back(text::words(part));
    const std::vector<std::vector<std::string>> folded = folded_words(parts);
    const std::optional<Span> at = locate(folded, matched);
    auto inside = [&](std::size_t p, std::size_t i) { return at && p == at->part && i >= at->first && i < at->first + at->count; };

    // A workshop word the known name does not cover: the part that holds it is the event.
    for (std::size_t p = 0; p < parts.size(); ++p)
        for (std::size_t i = 0; i < folded[p].size(); ++i) {
            if (!is_workshop_word(folded[p][i]) || inside(p, i)) continue;
            const bool only_the_word = std::all_of(folded[p].begin(), folded[p].end(), [](const std::string& w) { return is_workshop_word(w); });
            if (!only_the_word) return parts[p];
            std::string all;
            for (const std::string& q : parts) all += (all.empty() ? "" : ", ") + q;
            return all;
        }

    // An unknown acronym right beside the known one, in the same part.
    if (!at) return std::nullopt;
    const auto& w = words[at->part];
    auto unknown_event = [&](std::size_t i) { return i < w.size() && event_acronym(w[i]) && !known(w[i]); };
    if (unknown_event(at->first + at->count) || (at->first > 0 && unknown_event(at->first - 1))) return parts[at->part];
    return std::nullopt;
}

}  // namespace cvsearch::normalize
