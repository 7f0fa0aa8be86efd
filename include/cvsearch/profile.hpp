// cvsearch/profile.hpp — the structured researcher profile.
//
// A Profile is what the indexer understood of one CV: who the person is, where
// they studied and worked, what they published, and the text of each CV section
// (kept so that search results can highlight the passage that matched).
// Canonical facet values (institution, venue) sit next to the raw text they were
// normalized from; unknown values are kept in cleaned raw form, never dropped.
//
// Profiles round-trip through JSON (to_json / profile_from_json); the schema is
// documented in docs/profile-schema.json.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cvsearch {

/// How a profile's source file was read.
enum class Format {
    text,          ///< plain text, including text extracted from PDFs
    markdown,      ///< Markdown, with optional YAML front matter and HTML fragments
    latex,         ///< LaTeX CV (moderncv, article, ...)
    html,          ///< an HTML page
    pdf,           ///< a PDF file (text extracted with poppler)
    json_resume,   ///< JSON Resume (https://jsonresume.org/schema)
    profile_json,  ///< cvsearch's own profile JSON (object, array or JSON Lines)
    json,          ///< any other JSON CV, read by its key names
};

/// "text", "markdown", "latex", "html", "pdf", "json_resume", "profile_json", "json".
std::string_view format_name(Format format) noexcept;
/// The inverse of format_name; std::nullopt for an unknown name.
std::optional<Format> format_from_name(std::string_view name) noexcept;

enum class AffiliationKind { education, work, visiting };
std::string_view affiliation_kind_name(AffiliationKind kind) noexcept;
/// The inverse of affiliation_kind_name; std::nullopt for an unknown name.
std::optional<AffiliationKind> affiliation_kind_from_name(std::string_view name) noexcept;

/// A place the researcher studied or worked at, with the years they were there.
struct Affiliation {
    std::string institution;      ///< canonical name ("University of Michigan"), or cleaned raw text
    std::string institution_raw;  ///< the text as the CV wrote it
    AffiliationKind kind = AffiliationKind::work;
    std::string role;             ///< "Ph.D. in Computer Science", "Research Scientist", ...
    std::optional<int> start_year;
    std::optional<int> end_year;  ///< empty while current or unknown
    bool current = false;         ///< "present", "now", "current"

    friend bool operator==(const Affiliation&, const Affiliation&) = default;
};

enum class PublicationKind { conference, journal, workshop, preprint, poster, thesis, patent, other };
std::string_view publication_kind_name(PublicationKind kind) noexcept;
/// The inverse of publication_kind_name; std::nullopt for an unknown name.
std::optional<PublicationKind> publication_kind_from_name(std::string_view name) noexcept;

/// One entry of the CV's publication list.
struct Publication {
    std::string title;
    std::vector<std::string> authors;
    std::string venue;      ///< canonical venue ("SOSP"), or cleaned raw text; may be empty
    std::string venue_raw;  ///< the venue as the CV wrote it
    std::optional<int> year;
    PublicationKind kind = PublicationKind::other;

    friend bool operator==(const Publication&, const Publication&) = default;
};

/// One section of the CV as written: its heading and its text.
struct Section {
    std::string heading;  ///< as written ("RESEARCH EXPERIENCE"); empty for the header block
    std::string kind;     ///< what it is: "education", "experience", "publications", "awards",
                          ///< "skills", "interests", "teaching", "service", "talks", "other", ...
    std::string text;     ///< cleaned text (lines joined, hyphenation undone)

    friend bool operator==(const Section&, const Section&) = default;
};

/// Where a profile came from.
struct SourceInfo {
    std::string path;          ///< the file as given to the parser or indexer
    Format format = Format::text;
    std::string content_hash;  ///< hex digest of the file's bytes (XXH3-128)

    friend bool operator==(const SourceInfo&, const SourceInfo&) = default;
};

/// A researcher profile.
struct Profile {
    std::string id;  ///< stable id: path relative to the index root, without extension
    std::string name;
    std::vector<std::string> emails;
    std::string homepage;
    std::string headline;  ///< e.g. "Ph.D. student in Computer Science"
    std::vector<std::string> interests;
    std::vector<Affiliation> affiliations;
    std::vector<Publication> publications;
    std::vector<std::string> skills;
    std::vector<std::string> awards;
    std::vector<Section> sections;
    SourceInfo source;

    friend bool operator==(const Profile&, const Profile&) = default;
};

/// The normalized facet values of a profile: exactly what the index stores.
struct Facets {
    /// Where the person is now: current_institutions(), distinct.
    std::vector<std::string> institution;
    /// Every institution of the affiliation history, distinct, the current
    /// one first, then in CV order.
    std::vector<std::string> affiliation;
    std::vector<std::string> venue;  ///< distinct, in CV order
    std::vector<int> year;           ///< distinct publication years, ascending

    friend bool operator==(const Facets&, const Facets&) = default;
};

/// Computes the facet values of an (already normalized) profile.
Facets facets_of(const Profile& profile);

/// The institution to show next to the name: the current work affiliation, else
/// the latest one of any kind; empty if none.
std::string current_institution(const Profile& profile);

/// Where the person is now, as the `institution` facet counts it: every
/// institution of an affiliation marked current (a job, a study, a joint
/// appointment), current_institution() first; when none is marked current,
/// current_institution() alone (the latest one). Empty if the profile has no
/// institution.
std::vector<std::string> current_institutions(const Profile& profile);

/// What a search result's card shows of a profile beside its name.
struct ProfileCard {
    std::string institution;                   ///< current_institution()
    std::string position;                      ///< the role held there ("Assistant Professor"); may be empty
    std::optional<int> first_year, last_year;  ///< years of the first and the latest publication
    std::size_t publications = 0;              ///< number of publications
    std::vector<std::string> top_venues;       ///< up to three venues, most publications first

    friend bool operator==(const ProfileCard&, const ProfileCard&) = default;
};

/// The card of an (already normalized) profile.
ProfileCard card_of(const Profile& profile);

/// Serializes a profile (and its facets, under "facets") as JSON. The facets
/// object's keys: "current_institution" (Facets::institution, the values of the
/// `institution` facet), "affiliation", "venue" and "year".
/// indent < 0 gives compact one-line JSON.
std::string to_json(const Profile& profile, int indent = 2);

/// Parses one profile JSON object. Unknown keys are ignored; wrongly typed
/// values throw cvsearch::Error (code parse) naming `origin` and the field.
Profile profile_from_json(std::string_view json, std::string_view origin = {});

}  // namespace cvsearch
