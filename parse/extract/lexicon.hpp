// parse/extract/lexicon.hpp — word lists that tell what a fragment of an entry is (internal).
//
// An affiliation line mixes an institution, a role or degree, a place and dates
// in any order ("Research Intern, NVIDIA, Santa Clara, CA  Jun 2023 – Aug 2023").
// These predicates classify one comma-separated part of such a line.
#pragma once

#include <string>
#include <string_view>

namespace cvsearch::extract {

/// How strongly a part names an institution.
enum class InstitutionStrength {
    none,
    department,  ///< part of an institution, never one itself: "Department of CS", "School of Engineering"
    unit,     ///< a lab or group: "Computer Vision Lab", "Systems Group" (an institution only alone)
    org,      ///< a company or organization: "Tesla Inc.", "Google Research"
    academic  ///< a university, institute, school: "Cornell University", "ETH Zürich"
};

InstitutionStrength institution_strength(std::string_view part);

/// "Member" / "President" / "Secretary" ... of a society, association, committee or
/// working group ("Member", "Example Technical Working Group"): service to a body, not
/// a place the person worked or studied at.
bool is_service_office(std::string_view role, std::string_view organization);
/// "Example Royal Academy Research Chair", "Example Foundation Professorship": a named
/// chair is a title held, not a place.
bool is_named_chair(std::string_view organization);

/// A job title or degree: "Research Intern", "Ph.D. in Computer Science", "Postdoctoral Fellow".
bool is_role(std::string_view part);
/// A role named after the kind of place: "University Lecturer", "College Professor".
/// Looks like an institution (it has "University"), is a job title.
bool is_role_named_after_place(std::string_view part);
/// "Google Summer of Code", "Example Summer School", "Physics Olympiad", "Riverside
/// Hackathon": a programme or an event someone took part in, held by an organization
/// but none itself.
bool names_event(std::string_view part);
/// Names a degree in parentheses: "Ingeniería Informática (B.S. + M.Eng.)".
bool names_degree_in_parentheses(std::string_view part);
/// Starts with a degree: "Ph.D.", "M.S.", "B.Sc.", "Bachelor of", "Dipl.-Ing.".
bool starts_with_degree(std::string_view part);

/// A place: "USA", "Republic of Korea", "CA", "Remote", or city + state/country
/// when `next` is a state or country ("Ann Arbor" followed by "MI").
bool is_country_or_state(std::string_view part);
bool is_location(std::string_view part, std::string_view next = {});
/// A postal address: a house number before a street word ("5000 Forbes Ave",
/// "Gustaf Hällströmin katu 2"), or a US ZIP or a postcode after a state ("PA 15213").
bool is_postal_address(std::string_view line);

/// A field of study or work ("Computer Science", "Electrical Engineering"):
/// never an institution on its own.
bool is_field_of_study(std::string_view part);

/// Upper-case acronym of 2-8 letters ("KAIST", "EPFL", "NVIDIA", "UMich").
bool is_acronym(std::string_view part);

/// Words a paper or project title has and an organization name does not
/// ("for", "with", "using", "towards").
bool has_title_words(std::string_view part);

}  // namespace cvsearch::extract
