// The registry tables (data/registry/, tools/build_registry_tables.py) and how the
// normalizer uses them behind the hand-written tables.
#include <doctest/doctest.h>

#include <string>

#include "core/text.hpp"
#include "core/data.hpp"
#include "parse/normalize/normalize.hpp"
#include "parse/normalize/registry.hpp"

using namespace cvsearch;
using namespace cvsearch::normalize;

namespace {

std::string inst(std::string_view raw) { return institution_value(raw); }

Profile profile_with(std::string raw, std::vector<std::string> emails = {}) {
    Profile p;
    p.name = "Ada Example";
    p.emails = std::move(emails);
    Affiliation a;
    a.institution_raw = std::move(raw);
    p.affiliations.push_back(a);
    return p;
}

}  // namespace

TEST_CASE("a RegistryTable finds every key by binary search and nothing else") {
    const std::string entries = "Alpha Institute\tlab\tUS\tBoston\talpha.org\nBeta University\tuniversity\tDE\tBonn\t\n";
    // Beta's line starts at byte 40; 7 is inside Alpha's line, 900 past the end.
    const std::string keys = "aa\tN\t0\nab\tA\t0,40\nalpha institute\tN\t0\nb\tN\t40\nbeta university\tN\t40\n"
                             "broken\tN\t7,900\nzz top\tN\t40\n";
    RegistryTable t(entries, keys);
    CHECK(t.size() == 2);
    CHECK(t.fields(40).front() == "Beta University");
    CHECK(t.fields(0)[3] == "Boston");
    CHECK(t.fields(7).empty());
    CHECK_FALSE(t.find("broken"));  // offsets that are no line start name nothing
    for (const char* k : {"aa", "ab", "alpha institute", "b", "beta university", "zz top"}) CHECK_MESSAGE(t.find(k), k);
    for (const char* k : {"", "a", "aaa", "alpha", "ba", "zz", "zzz", "beta universit"}) CHECK_FALSE_MESSAGE(t.find(k), k);
    auto ab = t.find("ab");
    REQUIRE(ab);
    CHECK(ab->acronym_only);
    CHECK(ab->entries == std::vector<std::uint32_t>{0, 40});
    CHECK_FALSE(t.find("alpha institute")->acronym_only);
}

TEST_CASE("the embedded key files are sorted, folded as fold_key folds, and point at entries") {
    struct File { std::string_view keys; const RegistryTable& table; };
    const File files[] = {{data::registry_institution_keys_tsv(), registry_institutions()},
                          {data::registry_venue_keys_tsv(), registry_venues()}};
    for (const auto& f : files) {
        REQUIRE(f.table.size() > 1000);
        std::string_view previous;
        std::size_t lines = 0, unfolded = 0, bad_ids = 0, unsorted = 0;
        for (std::string_view line : text::split(f.keys, '\n')) {
            if (line.empty()) continue;
            auto fields = text::split(line, '\t');
            REQUIRE(fields.size() == 3);
            if (!(previous < fields[0])) ++unsorted;
            if (text::fold_key(fields[0]) != fields[0]) ++unfolded;
            auto hit = f.table.find(fields[0]);
            // every offset listed must start an entry line (find() drops those that do not)
            if (!hit || hit->entries.size() != text::split(fields[2], ',').size()) ++bad_ids;
            previous = fields[0];
            ++lines;
        }
        CHECK(lines > 1000);
        CHECK(unsorted == 0);
        CHECK(unfolded == 0);  // the script's fold is text::fold_key's, or a key would be unreachable
        CHECK(bad_ids == 0);
    }
}

TEST_CASE("registry organizations normalize to the ROR display name, from any of their names") {
    // A university the hand table does not list: its own name and its English label.
    CHECK(inst("Universidad Autónoma de Ica") == "Universidad Autónoma de Ica");
    CHECK(inst("Autonomous University of Ica") == "Universidad Autónoma de Ica");
    CHECK(inst("Dept. of Economics, Autonomous University of Ica, Peru") == "Universidad Autónoma de Ica");
    // A label in another script.
    CHECK(inst("国立研究開発法人 理化学研究所 生命医科学研究センター") == "RIKEN Center for Integrative Medical Sciences");
    auto info = find_institution("Autonomous University of Ica");
    REQUIRE(info);
    CHECK(info->country == "PE");
    CHECK(info->kind == "university");
}

TEST_CASE("other-language names of a hand-table institution give the hand table's value") {
    CHECK(inst("Universität Heidelberg") == "Heidelberg University");
    CHECK(inst("Ruprecht-Karls-Universität Heidelberg") == "Heidelberg University");
    // Names only the registry has: the registry entry carries the hand table's canonical value.
    CHECK(inst("Politecnico federale di Zurigo") == inst("ETH Zurich"));
    CHECK(inst("Université du Michigan") == "University of Michigan");
}

TEST_CASE("the hand table overrides the registry") {
    // "CEA" names several organizations in ROR; the hand table says which one a CV means.
    const std::string cea = "Atomic Energy and Alternative Energies Commission";
    CHECK(inst("CEA") == cea);
    CHECK(inst("CEA, Saclay, France") == cea);
    // "Dell EMC" is not in the registries at all.
    CHECK(inst("DELL EMC") == "Dell Technologies");
    CHECK(inst("Dell") == "Dell Technologies");
}

TEST_CASE("an institution that merged into another stays itself, a renamed one takes its new name") {
    // ROR keeps a merged university as a record of its own (now inactive): a CV that says
    // where its owner studied names that place, not the university it later became part of.
    CHECK(inst("Université Pierre et Marie Curie") == "Université Pierre et Marie Curie");
    CHECK(inst("UPMC") == "Université Pierre et Marie Curie");
    CHECK(inst("Sorbonne Université") == "Sorbonne University");
    CHECK(inst("University Paris-Sud") == "Université Paris-Sud");
    CHECK(inst("Université Paris-Saclay") == "Université Paris-Saclay");
    CHECK(inst("Université Joseph Fourier") == "Université Joseph Fourier");
    CHECK(inst("Grenoble INP") != inst("Université Grenoble Alpes"));
    // Only the registry knows this one: its other names give its own display name.
    CHECK(inst("Universite de Bordeaux II Victor Segalen") == "Université Bordeaux Segalen");
    CHECK(inst("Bordeaux Segalen University") == "Université Bordeaux Segalen");
    // A number after a known name makes another, numbered university.
    CHECK(inst("Université de Bordeaux II") != inst("Université de Bordeaux"));
    CHECK(inst("Université de Paris VI") != inst("Université de Paris"));
    CHECK(inst("Université de Bordeaux, France") == inst("Université de Bordeaux"));
    // A rename is one organization: the old name gives the new one.
    CHECK(inst("Carnegie Institution of Washington") == "Carnegie Institution for Science");
}

TEST_CASE("an acronym naming several registry organizations is resolved from the CV's context") {
    // AIRC: the Artificial Intelligence Research Center (AIST, Tokyo) and the Italian
    // Association for Cancer Research (Milan).
    SUBCASE("no context: an organization, left as written") {
        CHECK(inst("AIRC") == "AIRC");
        REQUIRE(find_institution("AIRC"));
        CHECK(find_institution("AIRC")->country.empty());
        Profile p = profile_with("AIRC");
        normalize_profile(p);
        CHECK(p.affiliations[0].institution == "AIRC");
    }
    SUBCASE("the e-mail domain") {
        Profile p = profile_with("AIRC", {"ada@airc.aist.go.jp"});
        normalize_profile(p);
        CHECK(p.affiliations[0].institution == "Artificial Intelligence Research Center");
        CHECK(p.affiliations[0].institution_raw == "AIRC");  // the CV's own form stays
    }
    SUBCASE("the city or country on the line") {
        CHECK(institution_value("AIRC, Milan, Italy", nullptr) == "Italian Association for Cancer Research");
        CHECK(institution_value("AIRC, Tokyo, Japan", nullptr) == "Artificial Intelligence Research Center");
    }
    SUBCASE("the country elsewhere in the CV") {
        Profile p = profile_with("AIRC");
        Affiliation school;
        school.institution_raw = "University of Milan, Italy";
        p.affiliations.push_back(school);
        normalize_profile(p);
        CHECK(p.affiliations[0].institution == "Italian Association for Cancer Research");
    }
    SUBCASE("an acronym inside brackets after another name is not looked up") {
        CHECK_FALSE(find_institution("Quorvane Cancer Centre (Syöpäkeskus, AIRC)"));
    }
    SUBCASE("an acronym is matched only where it is written as one") {
        CHECK_FALSE(find_institution("airc"));
    }
}

TEST_CASE("a registry acronym of a single organization still needs the CV's context") {
    // IRIT is the Toulouse computer-science institute in ROR; a CV's "IRIT" may be another one.
    CHECK(inst("IRIT") == "IRIT");
    CHECK(institution_value("IRIT, Toulouse, France", nullptr) == "Institut de Recherche en Informatique de Toulouse");
    Profile p = profile_with("IRIT", {"ada@irit.fr"});
    normalize_profile(p);
    CHECK(p.affiliations[0].institution == "Institut de Recherche en Informatique de Toulouse");
    // Its full name needs no context.
    CHECK(inst("Institut de Recherche en Informatique de Toulouse") == "Institut de Recherche en Informatique de Toulouse");
}

TEST_CASE("journal abbreviations and full titles are one venue") {
    CHECK(venue_value("Phys. Rev. E 104, 024301 (2021)") == venue_value("Physical Review E"));
    CHECK(venue_value("J. Am. Stat. Assoc.") == venue_value("Journal of the American Statistical Association"));
    CHECK(venue_value("Am. Stat.") == venue_value("The American Statistician"));
    CHECK(venue_value("The American Statistician, 75(2), 2021") == venue_value("American Statistician"));
    // A venue acronym from the ACL list, with its year.
    CHECK(venue_value("CLPsych 2021") == "CLPsych");
    CHECK(venue_value("Proceedings of the Seventh Workshop on Computational Linguistics and Clinical Psychology (CLPsych)") ==
          "CLPsych");
    auto v = find_venue("J. Am. Stat. Assoc.");
    REQUIRE(v);
    CHECK(v->kind == "journal");
}

TEST_CASE("an abbreviation that journal lists expand with and without 'the' or a plural is a journal as written") {
    // The lists give "J. Atmos. Sci." to "Journal of Atmospheric Science(s)" and to "Journal
    // of the Atmospheric Sciences": one journal, which the CV's own spelling names best.
    auto v = find_venue("J. Atmos. Sci.");
    REQUIRE(v);
    CHECK(v->kind == "journal");
    CHECK(text::fold_key(v->canonical) == "j atmos sci");
    // A subtitle or a place in brackets after one list's name is the same journal too.
    v = find_venue("J. Comp. Psychol.");
    REQUIRE(v);
    CHECK(v->kind == "journal");
    // An abbreviation the lists give to two journals of different names is neither.
    CHECK_FALSE(find_venue("J. For. Res."));
}

TEST_CASE("common words are not registry names") {
    // Whole-string "Nature" is the journal (hand table); "Apple" the company.
    CHECK(venue_value("Nature") == "Nature");
    CHECK(inst("Apple") == "Apple");
    // Words that real CVs put where an institution would be, and that name no organization.
    for (const char* word : {"Present", "Research", "Education", "Science", "May", "June", "Prof", "Germany", "UAE", "USA",
                             "Heidelberg", "London", "Technical Strengths", "Research Experience", "Department of Physics"})
        CHECK_FALSE_MESSAGE(find_institution(word), word);
    // A one-word registry name only where it is capitalized as a name.
    // A one-word registry name needs the CV's context to be an organization at all.
    CHECK_FALSE(find_institution("Abiomed"));
    CHECK(institution_value("Abiomed, Danvers, MA", nullptr) == "Abiomed");  // ROR's "Abiomed (United States)"
    CHECK_FALSE(find_institution("abiomed, Danvers"));
    // Two-letter acronyms are states and countries on an address line, not organizations.
    CHECK(inst("Dept. of EECS, Foo Institute of Technology, Springfield, IL") == "Foo Institute of Technology");
    // Not inside a longer phrase: only a whole, delimited part of the text is looked up.
    CHECK(inst("Autonomous University of Ica Alumni Association Newsletter") != "Universidad Autónoma de Ica");
}

TEST_CASE("the hand tables fill what the registries lack") {
    CHECK(venue_value("SysML 2019") == "MLSys");
    CHECK(venue_value("PRE") == "Physical Review E");
    CHECK(venue_value("PRL 120, 2018") == "Physical Review Letters");
    CHECK(venue_value("Phys. Rev. B") == "Physical Review B");
    CHECK(venue_value("JINST 18 (2023) P08012") == "Journal of Instrumentation");
    CHECK(venue_value("IEEE S&P 2022") == "S&P");
    CHECK(venue_value("Oakland") == "S&P");
    CHECK(inst("JBNU") == "Jeonbuk National University");
    CHECK(inst("DELL EMC") == "Dell Technologies");
    CHECK(inst("Universität Heidelberg") == "Heidelberg University");
}

TEST_CASE("a journal's value is its full title unless a venue list gives it an acronym") {
    CHECK(venue_value("IEEE Transactions on Parallel and Distributed Systems") == "TPDS");  // CCF lists TPDS
    CHECK(venue_value("Am. Stat.") == "The American Statistician");
    CHECK(venue_value("Physics Education") == venue_value("Phys. Educ."));
    CHECK(venue_value("Phys. Rev. E") == "Physical Review E");
    // Astronomy's journals are cited by acronym in their own style ("2021, MNRAS, 508, 4484").
    CHECK(venue_value("The Astrophysical Journal") == "ApJ");
    CHECK(venue_value("Astrophys. J. Suppl. Ser.") == "ApJS");
    CHECK(venue_value("Monthly Notices of the Royal Astronomical Society") == "MNRAS");
    CHECK(venue_value("Astronomy and Astrophysics") == "A&A");
}
