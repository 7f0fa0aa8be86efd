// parse/normalize/events.hpp — an event held with a known venue is a venue of its own.
//
// Venue lookup finds a known name *inside* a venue string ("Proc. of the 29th ACM SOSP
// '23" -> SOSP). That is wrong where the string names an event held with that venue:
//
//   "1st ASPLOS Doctoral Workshop"             a workshop word outside the known name
//   "uPM2SoC workshop, DATE '11 Conference"    the same, in its own comma-separated part
//   "IEEE Workshop on Signal Processing Systems"  (a journal's name inside a workshop's)
//   "PLDI EGRAPHS'23"                           an unknown acronym written right beside
//                                               the known one, in the same part
//
// Such a string is a workshop, and its value is the event as written (cleaned of
// years and ordinals), not the host venue. Organizers and publishers next to a venue
// ("ACM SOSP", "IEEE INFOCOM", "ACM SIGPLAN PLDI", "ICML, PMLR") and track names ("CHI
// EA") are not events.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch::normalize {

/// True for "workshop", "workshops" and "doctoral" (a doctoral symposium or
/// consortium), given as text::fold_key folds a word.
bool is_workshop_word(std::string_view folded_word);

/// The event a venue string names besides the known venue whose alias (folded, as
/// text::fold_key gives it) is `matched`, if it names one. `parts` are the string's
/// pieces between commas, semicolons, brackets and spaced dashes, each cleaned of
/// years, ordinals and "Proceedings of". `known` says whether a word is a known venue
/// name on its own (then it is no unknown event's acronym: "EMNLP-IJCNLP").
std::optional<std::string> co_located_event(const std::vector<std::string>& parts, std::string_view matched,
                                            const std::function<bool(std::string_view)>& known);

/// The workshop a venue string names under a catch-all alias that ends in a workshop
/// word ("NeurIPS Workshop" in "NeurIPS 2020 Workshop on Imaginary Gradients"): the
/// part that holds the alias, where words follow it. None where the alias is all the
/// part says ("NeurIPS 2020 Workshop") or names a workshop in full ("Workshop on Hot
/// Topics in Operating Systems").
std::optional<std::string> named_workshop(const std::vector<std::string>& parts, std::string_view matched);

}  // namespace cvsearch::normalize
