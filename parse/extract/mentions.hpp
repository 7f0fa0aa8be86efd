// parse/extract/mentions.hpp — publications and affiliations named in running text (internal).
//
// Home pages often have no publication list or education section: papers show
// up in news items ("Our paper was accepted by NeurIPS 2025!") and places in a
// biography ("a postdoctoral scholar at the University of X"). These readers
// are a fallback for such CVs; they only trust names the venue and
// institution tables know, or that carry an institution word.
#pragma once

#include <string>
#include <vector>

#include "cvsearch/profile.hpp"
#include "parse/extract/sections.hpp"

namespace cvsearch::extract {

/// Papers mentioned in news items, project lists and prose: "accepted by
/// ICLR 2025", "our NeurIPS 2021 paper", "HRNet (CVPR 2019)". Service and
/// awards ("area chair of CVPR 2020", "challenge at NeurIPS") are skipped.
/// A venue is one the venue table knows, or one of `marked_venues`: texts the
/// page marks as venues (TextDocument::venue_hints, italics), taken whole after "accepted
/// by" ("accepted by Journal of Tide Pools" names the journal, not "Journal").
std::vector<Publication> mentioned_publications(const Block& block, const std::vector<std::string>& marked_venues = {});

/// Institutions a biography places the person at: "Ph.D. candidate at X",
/// "obtained my bachelor degree from Y", "joined Z".
std::vector<Affiliation> mentioned_affiliations(const Block& block);

/// Stays an education or experience entry tells of in prose: "two secondments:
/// one at the University of X and the other at Y", "a research visit at Z"
/// (visiting affiliations), and places it is affiliated with in passing ("I am
/// also affiliated at the Example Center for Data Science"). Without dates; only
/// names the institution table knows or that carry an institution word.
std::vector<Affiliation> mentioned_stays(const Block& block);

}  // namespace cvsearch::extract
