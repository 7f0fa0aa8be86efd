#include "vocabulary/hit_display.hpp"

#include <charconv>
#include <vector>

#include "vocabulary/schema.hpp"

namespace cvsearch::schema {
namespace {

constexpr char field_separator = hit_display_separator;  // \x1F
constexpr char venue_separator = '\x1E';
constexpr std::size_t field_count = 7;

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (;;) {
        const auto at = s.find(sep, start);
        out.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return out;
        start = at + 1;
    }
}

/// A field holds no separator of its own (CV text never has these control characters,
/// but the value must stay decodable whatever a profile holds).
std::string clean(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c == field_separator || c == venue_separator) c = ' ';
    return out;
}

bool parse_number(std::string_view s, std::size_t& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

bool parse_year(std::string_view s, std::optional<int>& out) {
    if (s.empty()) return true;
    int y = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), y);
    if (ec != std::errc() || p != s.data() + s.size()) return false;
    out = y;
    return true;
}

}  // namespace

std::string encode_hit_display(const Profile& profile) {
    const ProfileCard c = card_of(profile);
    auto year = [](const std::optional<int>& y) { return y ? std::to_string(*y) : std::string(); };
    std::string venues;
    for (const auto& v : c.top_venues) venues += (venues.empty() ? "" : std::string(1, venue_separator)) + clean(v);
    const char sep = field_separator;
    return clean(profile.name) + sep + clean(c.institution) + sep + clean(c.position) + sep + year(c.first_year) + sep +
           year(c.last_year) + sep + std::to_string(c.publications) + sep + venues;
}

std::optional<HitDisplay> decode_hit_display(std::string_view value) {
    const auto f = split(value, field_separator);
    if (f.size() != field_count) return std::nullopt;
    HitDisplay d;
    d.name = f[0];
    d.card.institution = f[1];
    d.card.position = f[2];
    if (!parse_year(f[3], d.card.first_year) || !parse_year(f[4], d.card.last_year) ||
        !parse_number(f[5], d.card.publications))
        return std::nullopt;
    if (!f[6].empty())
        for (auto v : split(f[6], venue_separator)) d.card.top_venues.emplace_back(v);
    return d;
}

}  // namespace cvsearch::schema
