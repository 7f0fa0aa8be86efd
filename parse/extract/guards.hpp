// parse/extract/guards.hpp — the last word on what a facet value can be (internal).
//
// Extraction readers find candidates by position and shape; some shapes are
// shared by things that are not facet values: the city line after an employer,
// a month column, an advisor's name, a tool list, an author list in the venue
// slot, an abstract under a paper, a heading above the name. These checks run
// on every value the text readers produce, know nothing about any one CV, and
// take their word lists from data/guard_words.tsv (compiled in).
//
// They only remove or repair; they never invent a value.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>

#include "cvsearch/profile.hpp"

namespace cvsearch::extract {

/// People named in the CV (owner and co-authors), as fold_key forms: a value
/// equal to one of them (or to one's surname) is a person, not a place or venue.
/// Built on the first question, from the profile given to people_in().
class PeopleInCv {
public:
    PeopleInCv() = default;
    explicit PeopleInCv(const Profile* profile) : profile_(profile) {}
    bool contains(std::string_view value) const;

private:
    void build() const;
    const Profile* profile_ = nullptr;
    mutable bool built_ = false;
    mutable std::unordered_set<std::string> names_;     ///< "ines marlow"
    mutable std::unordered_set<std::string> surnames_;  ///< "marlow"
};
/// The people of `profile`, which must outlive the result.
PeopleInCv people_in(const Profile& profile);

/// An institution as written, repaired: small caps joined ("I NRIA" -> "INRIA"),
/// a glued month or heading cut off ("KAISTMar" -> "KAIST", "EducationUniversity of X"
/// -> "University of X"), an unclosed "(City, Country" aside dropped
/// ("Hospital for Sick Children (Toronto" -> "Hospital for Sick Children").
std::string repair_institution(std::string_view raw);

/// Why `value` cannot be an institution ("month", "place", "person", "field",
/// "tool", "link", "heading", "degree", "generic", "venue"), or "" when it may be one.
std::string_view institution_rejection(std::string_view value, const PeopleInCv& people = {});

/// Why `value` cannot be a venue ("names", "person", "sentence", "title",
/// "status", "link"), or "" when it may be one.
std::string_view venue_rejection(std::string_view value, const PeopleInCv& people = {});

/// A name as written without honorifics and post-nominals ("Prof. Ada Lee FREng"
/// -> "Ada Lee"), small caps joined ("Z HIWEI S HAO" -> "Zhiwei Shao"); "" when
/// the text is a heading or a nationality line, not a name.
std::string guard_name(std::string_view raw);

/// A heading ("Technical Strengths", "About"), a nationality line ("Citizen of X"),
/// a research field or a place: text in the name's position that names no one.
bool is_not_a_name(std::string_view text);

/// "I'm Ada Lee, a ..." / "I am Ada Lee." in the first lines of a text: the name
/// an introduction gives (two to four capitalized words), or "".
std::string name_from_introduction(std::string_view text);

/// Words of pdftotext small caps joined: a lone capital, a space, and an
/// all-capitals word ("I NRIA" -> "INRIA", "F ÖRETAGSPLATSEN" -> "FÖRETAGSPLATSEN").
/// A lone capital followed by a period or by a lower-case word is an initial
/// and stays ("J. SMITH", "A Survey").
std::string join_small_caps(std::string_view s);

/// A citation left whole in the title, split: `"Title", in Conference (ICML), 2020`,
/// APA `Surname, X. (2022). Title. Journal, 12(3)`, "Title. Journal: Venue".
/// Fills title and venue_raw when the publication has no venue; returns whether it did.
bool split_citation(Publication& pub, const PeopleInCv& people = {});

/// Applies all of the above to a profile the text readers produced: repairs and
/// drops institutions, clears venues that are not venues, cleans the name.
void guard_profile(Profile& profile);

}  // namespace cvsearch::extract
