#pragma once
// The text of a JSON CV that no reader placed.
//
// A JSON CV's schema is its author's own: the readers place what their key
// vocabulary knows ("work", "publications", "summary") and pass over the rest
// ("tasks": [...], "summary_RS", "institution-subdivision", an experience's
// "content": [{"text": ...}]). Passed over, those words were in no section,
// so no search could find them: in the 46 JSON CVs of the collected pool,
// 16 % of the distinct words were missing from the index, up to 84 % of one
// CV's (its work descriptions sat under keys no reader knew).
//
// add_unplaced_text keeps them searchable: every string value of the file
// that has a word the profile does not hold yet becomes a line of an "other"
// section, headed by the top-level key it came from ("Tasks"). Only text for
// the index: no field, facet or publication is guessed from it.
#include <nlohmann/json.hpp>

#include "cvsearch/profile.hpp"

namespace cvsearch::readers {

/// Appends to `profile` one "other" section per top-level key of `root` whose
/// string values hold words found nowhere in the profile yet (its name,
/// headline, sections, affiliations, publications, skills, interests, awards).
/// Passed over as no text: links, e-mail addresses, values under keys for
/// links, pictures, icons, styling or layout ("url", "image", "icon",
/// "color", "display"), and values without a word of letters. Linear in the
/// size of the file.
void add_unplaced_text(const nlohmann::ordered_json& root, Profile& profile);

}  // namespace cvsearch::readers
