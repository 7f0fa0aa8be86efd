// vocabulary/hit_display.hpp — the hit_display value slot: what a search hit
// shows without decoding the stored profile (vocabulary/schema.hpp).
//
//   name \x1F institution \x1F position \x1F first year \x1F last year \x1F
//   publications \x1F venue \x1E venue \x1E venue
//
// (years empty when unknown, numbers in decimal). Indexes written before the
// card fields hold only "name \x1F institution": decode() refuses those, and
// the searcher decodes the stored profile instead, with the same result.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cvsearch/profile.hpp"

namespace cvsearch::schema {

/// The slot's value for a profile: its name and card_of(profile).
std::string encode_hit_display(const Profile& profile);

struct HitDisplay {
    std::string name;
    ProfileCard card;
};

/// The name and card in a value encode_hit_display() wrote; nullopt for any
/// other value (an older index's two fields, a damaged value).
std::optional<HitDisplay> decode_hit_display(std::string_view value);

}  // namespace cvsearch::schema
