// Normalization against the real compiled-in tables (data/venues.tsv, data/institutions.tsv).
#include <doctest/doctest.h>

#include "core/text.hpp"
#include "parse/normalize/normalize.hpp"

using namespace cvsearch;
using namespace cvsearch::normalize;

TEST_CASE("venue spellings map to one canonical venue") {
    struct Row { const char* raw; const char* canonical; };
    const Row rows[] = {
        {"ACM Symposium on Operating Systems Principles (SOSP), October 2023", "SOSP"},
        {"SOSP '23", "SOSP"},
        {"SOSP’21", "SOSP"},
        {"Proceedings of the 29th ACM Symposium on Operating Systems Principles", "SOSP"},
        {"In Proc. of the 18th USENIX Symposium on Networked Systems Design and Implementation (NSDI 21)", "NSDI"},
        {"USENIX ATC 2024", "ATC"},
        {"USENIX Annual Technical Conference", "ATC"},
        {"arXiv:2504.20854", "arXiv"},
        {"arXiv preprint arXiv:2106.01234", "arXiv"},
        {"Proc. of NeurIPS2020", "NeurIPS"},
        {"Advances in Neural Information Processing Systems 33", "NeurIPS"},
        {"NIPS 2016", "NeurIPS"},
        {"International Conference on Architectural Support for Programming Languages and Operating Systems (ASPLOS), April 2019", "ASPLOS"},
        {"Nature Communications 12(1):1-10, 2021", "Nature Communications"},
        {"Nature", "Nature"},
        {"IEEE Transactions on Parallel and Distributed Systems (TPDS)", "TPDS"},
        {"Proceedings of the VLDB Endowment 15(3)", "VLDB"},
        {"USENIX Security Symposium 2022", "USENIX Security"},
        {"IEEE INFOCOM 2020 - IEEE Conference on Computer Communications", "INFOCOM"},
        {"EuroSys '24", "EuroSys"},
        {"ICML", "ICML"},
        {"DEBS ACM International Conference on Distributed and Event-Based Systems", "DEBS"},
        // "&" for "and", a year inside the name.
        {"The 2014 Conference on Design & Architectures for Signal & Image Processing", "DASIP"},
        // A society meeting outside computing goes by its full name, its acronym is an alias.
        {"JSM 2019", "Joint Statistical Meetings"},
        {"Joint Statistical Meetings", "Joint Statistical Meetings"},
        {"Annual meeting of the Society for Biological Psychiatry", "Annual Meeting of the Society of Biological Psychiatry"},
        {"AGU Fall Meeting 2021", "American Geophysical Union Fall Meeting"},
    };
    for (const auto& r : rows) CHECK_MESSAGE(venue_value(r.raw) == r.canonical, r.raw << " -> " << venue_value(r.raw));
}

TEST_CASE("unknown venues are kept in cleaned raw form, never dropped") {
    struct Row { const char* raw; const char* value; };
    const Row rows[] = {
        {"Proceedings of the 3rd Workshop on Imaginary Systems, pp. 12-20, 2021", "Workshop on Imaginary Systems"},
        {"Journal of Computer Science", "Journal of Computer Science"},  // not the journal Science
        {"In Foo Bar Symposium '22", "Foo Bar Symposium"},
        {"Jornadas de Computaci\u00d3", "Jornadas de Computaci\u00d3"},
        {"2nd International Workshop on Pretend Grids (PGZW'14) (in conjunction with IEEE FOO 2014)", "International Workshop on Pretend Grids PGZW"},
        {"Special Issue on Imaginary Data, Journal of Pretend Databases, Vol. 3", "Journal of Pretend Databases"},
        // a field label before the venue is no part of it
        {"Journal/Conference: Northern Journal of Distance Teaching", "Northern Journal of Distance Teaching"},
        {"Published in: Pretend Databases Quarterly", "Pretend Databases Quarterly"},  // ends in C3 93, like an en dash's last byte
        // "to appear" is a status, the "to" of a name stays
        {"Practical Guide to Pretend Databases", "Practical Guide to Pretend Databases"},
        {"To appear in Pretend Databases Quarterly", "Pretend Databases Quarterly"},
    };
    for (const auto& r : rows) CHECK_MESSAGE(venue_value(r.raw) == r.value, r.raw << " -> " << venue_value(r.raw));
    CHECK_FALSE(find_venue("Journal of Computer Science"));
}

TEST_CASE("a known journal with 'to' in its name is found") {
    REQUIRE(find_venue("Contributions to Mineralogy and Petrology, 177, 3"));
    CHECK(venue_value("Contributions to Mineralogy and Petrology, 177, 3") == "Contributions to Mineralogy and Petrology");
}

TEST_CASE("a known journal's name inside a longer one after a word of that name is another journal") {
    // "Economic Journal" is The Economic Journal; "American Economic Journal" is not.
    REQUIRE(find_venue("The Economic Journal"));
    CHECK_FALSE(find_venue("American Economic Journal"));
    CHECK(venue_value("American Economic Journal") == "American Economic Journal");
    // Organizers, publication words and status words before the name still give it.
    REQUIRE(find_venue("Economic Journal"));
    const std::string canonical = find_venue("Economic Journal")->canonical;
    for (const char* raw : {"The Economic Journal", "Proceedings Economic Journal", "Published Economic Journal"}) {
        auto v = find_venue(raw);
        CHECK_MESSAGE((v && v->canonical == canonical), raw);
    }
}

TEST_CASE("a journal's name as the subject of a conference is the conference, not the journal") {
    // "Information Systems" is a journal; a conference on (enterprise) information systems is not it.
    REQUIRE(find_venue("Information Systems"));
    REQUIRE(find_venue("Information Systems")->kind == "journal");
    CHECK_FALSE(find_venue("International Conference on Enterprise Information Systems"));
    CHECK_FALSE(find_venue("Proceedings of the 17th International Symposium on Information Systems"));
    CHECK(venue_value("International Conference on Enterprise Information Systems") ==
          "International Conference on Enterprise Information Systems");
    // The journal named on its own, or with its publisher, is still the journal.
    CHECK(find_venue("Elsevier Information Systems"));
}

TEST_CASE("a workshop held with a known venue is a venue of its own") {
    struct Row { const char* raw; const char* value; };
    const Row rows[] = {
        // A workshop word outside the known name: the workshop as written, no ordinal, no year.
        {"2nd SOSP Doctoral Workshop", "SOSP Doctoral Workshop"},
        {"Proceedings of the Third NeurIPS Workshop on Imaginary Gradients, 2021", "NeurIPS Workshop on Imaginary Gradients"},
        {"qBit2Net workshop, DATE '19 Conference", "qBit2Net workshop"},
        {"IEEE Workshop on Signal Processing Toys", "IEEE Workshop on Signal Processing Toys"},  // not the journal
        // An unknown acronym beside a known one, in the same part.
        {"PLDI FROBNITZ'23", "PLDI FROBNITZ"},
        {"ASPLOS ZORBLE 2021", "ASPLOS ZORBLE"},
        {"and Pretend Data workshop at KDD", "Pretend Data workshop at KDD"},
    };
    for (const auto& r : rows) {
        CHECK_MESSAGE(venue_value(r.raw) == r.value, std::string(r.raw) << " -> " << venue_value(r.raw));
        auto info = find_venue(r.raw);
        REQUIRE_MESSAGE(info, std::string(r.raw));
        CHECK_MESSAGE(info->kind == "workshop", std::string(r.raw) << " kind " << info->kind);
    }
}

TEST_CASE("organizers, tracks, places and a workshop's own name still give the known venue") {
    struct Row { const char* raw; const char* canonical; };
    const Row rows[] = {
        {"ACM SOSP", "SOSP"},
        {"Proc. of the 29th SOSP '23", "SOSP"},
        {"IEEE INFOCOM", "INFOCOM"},
        {"ACM SIGPLAN PLDI 2020", "PLDI"},
        {"IEEE/ACM ASPLOS", "ASPLOS"},
        {"ICML 2021, PMLR 139", "ICML"},
        {"NeurIPS 2020, Vancouver, BC, Canada", "NeurIPS"},
        {"Proceedings of the 16th Workshop on Hot Topics in Operating Systems (HotOS XVI)", "HotOS"},
        {"EMNLP-IJCNLP 2019", "EMNLP"},
        {"ACM Workshop on Hot Topics in Networks (HotNets)", "HotNets"},
        {"Proceedings of the IEEE Spoken Language Technology Workshop (SLT '14)", "SLT"},  // a registry venue named a workshop
        {"P2P 2019", "P2P"},
        {"A. Writer. Taming Things with HexaFlow. ICDE 2016", "ICDE"},  // a system's name beside it is no event
        {"First Monday", "First Monday"},  // a spelled-out ordinal is cut from an event's name only
    };
    CHECK(venue_value("Ninth Nordic Workshop on Pretend Computing") == "Nordic Workshop on Pretend Computing");
    CHECK(venue_value("Proc. of the Twelfth Annual Symposium on Made-up Things") == "Annual Symposium on Made-up Things");
    for (const auto& r : rows) CHECK_MESSAGE(venue_value(r.raw) == r.canonical, r.raw << " -> " << venue_value(r.raw));
}

TEST_CASE("normalize_profile fills venues and kinds, status words give no venue") {
    Profile p;
    p.publications.push_back({"T1", {}, "", "SOSP '23", 2023, PublicationKind::other});
    p.publications.push_back({"T2", {}, "", "Preprint", 2024, PublicationKind::other});
    p.publications.push_back({"T3", {}, "", "Under review", std::nullopt, PublicationKind::other});
    p.publications.push_back({"T4", {}, "Transactions on Computer Systems", "", 2020, PublicationKind::other});
    p.publications.push_back({"T5", {}, "", "arXiv:2101.00001", 2021, PublicationKind::conference});
    p.publications.push_back({"T6", {}, "", "Ph.D. Dissertation, The University of Texas at Austin", 2019, PublicationKind::other});
    p.publications.push_back({"T7", {}, "", "Example University (Ph.D. dissertation)", 2020, PublicationKind::other});
    normalize_profile(p);
    CHECK(p.publications[0].venue == "SOSP");
    CHECK(p.publications[0].kind == PublicationKind::conference);
    CHECK(p.publications[1].venue == "");
    CHECK(p.publications[1].kind == PublicationKind::preprint);
    CHECK(p.publications[2].venue == "");
    CHECK(p.publications[3].venue == "TOCS");
    CHECK(p.publications[3].kind == PublicationKind::journal);
    CHECK(p.publications[4].venue == "arXiv");
    CHECK(p.publications[4].kind == PublicationKind::conference);  // the extractor's kind is kept
    CHECK(p.publications[5].venue == "");
    CHECK(p.publications[5].kind == PublicationKind::thesis);
    CHECK(p.publications[6].venue == "");
    CHECK(p.publications[6].kind == PublicationKind::thesis);
}

TEST_CASE("normalize_profile: a venue the tables do not know, given with its acronym, is that acronym") {
    Profile p;
    p.publications.push_back({"T1", {}, "", "Proceedings of the Workshop on Example Reference Parsing (EXREF) at JCDL '22", 2022, PublicationKind::other});
    p.publications.push_back({"T2", {}, "", "12th International Workshop on Example-enhanced Retrieval (EXR@ECIR 2022)", 2022, PublicationKind::other});
    p.publications.push_back({"T3", {}, "", "Proceedings of the Fifth Example Conference on Planning (EXCP99)", 1999, PublicationKind::other});
    p.publications.push_back({"T4", {}, "", "ACM Symposium on Operating Systems Principles (SOSP '23)", 2023, PublicationKind::other});
    normalize_profile(p);
    CHECK(p.publications[0].venue == "EXREF");
    CHECK(p.publications[1].venue == "EXR");
    CHECK(p.publications[2].venue == "EXCP");
    CHECK(p.publications[3].venue == "SOSP");  // the tables' venue keeps its own name
}

TEST_CASE("the compiled-in venue table is the full data file") {
    CHECK(venue_count() >= 400);
}

TEST_CASE("institution spellings map to one canonical institution") {
    struct Row { const char* raw; const char* canonical; };
    const Row rows[] = {
        {"The University of Michigan", "University of Michigan"},
        {"UMich", "University of Michigan"},
        {"Univ. of Michigan, Ann Arbor", "University of Michigan"},
        {"University of Michigan, Ann Arbor", "University of Michigan"},
        {"Korea Advanced Institute of Science and Technology (KAIST)", "KAIST"},
        {"KAIST", "KAIST"},
        {"Department of Computer Science, ETH Zürich, Switzerland", "ETH Zurich"},
        {"ETH Zurich", "ETH Zurich"},
        // Short forms become the ROR display name (tools/ror_canonicals.tsv), so that the
        // registries link the value to every other name of the organization.
        {"University of California, Berkeley", "University of California, Berkeley"},
        {"UC Berkeley", "University of California, Berkeley"},
        {"MIT", "Massachusetts Institute of Technology"},
        {"Massachusetts Institute of Technology", "Massachusetts Institute of Technology"},
        {"UC San Diego", "University of California San Diego"},
        {"Fraunhofer ISE", "Fraunhofer Institute for Solar Energy Systems"},
        {"Carnegie Mellon University", "Carnegie Mellon University"},
        {"Seoul National University", "Seoul National University"},
        {"Sungkyunkwan University (SKKU)", "Sungkyunkwan University"},
        {"Microsoft Research Asia, Beijing", "Microsoft Research"},
        // One slip of the keyboard in "University" (a real CV's "Univeristy").
        {"Shanghai Jiao Tong Univeristy", "Shanghai Jiao Tong University"},
        {"Universty of Michigan", "University of Michigan"},
        {"Seoul National Universitty", "Seoul National University"},
        {"Dept. of CS, Carnegie Mellon Uinversity", "Carnegie Mellon University"},
        // "University" abbreviated: "U. of X", "X Univ.".
        {"Psychology, U. of California Santa Barbara", "University of California, Santa Barbara"},
        {"Dept. of Physics, Stanford Univ.", "Stanford University"},
    };
    for (const auto& r : rows) CHECK_MESSAGE(institution_value(r.raw) == r.canonical, r.raw << " -> " << institution_value(r.raw));
}

TEST_CASE("a word that only looks like a misspelled University is left alone") {
    // A letter replaced is another language's word, not a slip; two slips are too far.
    for (const char* raw : {"Universite Foo", "Universiti Bar", "Universita di Baz", "Unvirestiy of Michigan", "Univ of Qux"}) {
        CAPTURE(raw);
        CHECK(institution_value(raw).find("University") == std::string::npos);
    }
}

TEST_CASE("unknown institutions keep the part that names the institution") {
    struct Row { const char* raw; const char* value; };
    const Row rows[] = {
        {"Dept. of EECS, Foo Institute of Technology, Springfield, IL", "Foo Institute of Technology"},
        {"The Bar College of Music", "Bar College of Music"},
        {"Qux Labs", "Qux Labs"},
        {"Qux Labs \u2013", "Qux Labs"},
        {"Universidad de Le\u00f3n;", "Universidad de Le\u00f3n"},
        // A legal form after a comma belongs to the company: never the name alone.
        {"Quorvane Robotics Co., Ltd", "Quorvane Robotics Co., Ltd"},
        {"Brisemer, S.A.", "Brisemer, S.A"},
        {"Quorvane Utility Engineering Co., Ltd. (Water Supply)", "Quorvane Utility Engineering Co., Ltd. (Water Supply)"},
        // Ends in C3 93 ("\u00d3"): found by fuzz_extractor, when the trailing
        // dash was stripped byte by byte and 0x93 of it matched.
        {"Institut \u00c9CO\u00d3", "Institut \u00c9CO\u00d3"},
    };
    for (const auto& r : rows) {
        CHECK_MESSAGE(institution_value(r.raw) == r.value, r.raw << " -> " << institution_value(r.raw));
        CHECK(cvsearch::text::is_valid_utf8(institution_value(r.raw)));
    }
}

TEST_CASE("normalize_profile canonicalizes affiliations, also values already set") {
    Profile p;
    p.affiliations.push_back({"", "Korea Advanced Institute of Science and Technology", AffiliationKind::education, "", {}, {}, false});
    p.affiliations.push_back({"UMich", "", AffiliationKind::work, "", {}, {}, true});
    normalize_profile(p);
    CHECK(p.affiliations[0].institution == "KAIST");
    CHECK(p.affiliations[1].institution == "University of Michigan");
}

TEST_CASE("an acronym the CV defines for an organization names it where it stands alone") {
    Profile p;
    p.affiliations.push_back({"", "Northfield School of Economics (NSE)", AffiliationKind::education, "", {}, {}, false});
    p.affiliations.push_back({"", "NSE", AffiliationKind::work, "Lecturer", {}, {}, true});
    p.affiliations.push_back({"", "NSE (Undergraduate)", AffiliationKind::work, "Teaching Assistant", {}, {}, false});
    p.affiliations.push_back({"", "CEA", AffiliationKind::work, "", {}, {}, false});  // defined nowhere in this CV
    normalize_profile(p);
    CHECK(p.affiliations[0].institution == "Northfield School of Economics (NSE)");
    CHECK(p.affiliations[1].institution == p.affiliations[0].institution);
    CHECK(p.affiliations[2].institution == p.affiliations[0].institution);
    CHECK(p.affiliations[3].institution == institution_value("CEA"));
    // A registry name with its acronym: the bare acronym gets the registry's value too.
    Profile q;
    q.affiliations.push_back({"", "Korea Advanced Institute of Science and Technology (KAIST)", AffiliationKind::education, "", {}, {}, false});
    q.affiliations.push_back({"", "KAIST", AffiliationKind::work, "", {}, {}, false});
    normalize_profile(q);
    CHECK(q.affiliations[1].institution == q.affiliations[0].institution);
}

TEST_CASE("a known name followed by 'of'/'de' and a name is another organization") {
    // The hand table knows "National Polytechnic Institute" (Mexico City); the line names another one.
    REQUIRE(institution_value("National Polytechnic Institute") == "Instituto Polit\xC3\xA9" "cnico Nacional");
    CHECK(institution_value("National Polytechnic Institute of Northfield") == "National Polytechnic Institute of Northfield");
    CHECK(institution_value("Dept. of CS, University of Michigan, Ann Arbor") == "University of Michigan");
    // A comma before a lower-case joining word is inside the name; a conjunction joins two names.
    CHECK(continues_a_name("d'Optique et de R\xC3\xAAverie"));
    CHECK(continues_a_name("of Northfield"));
    CHECK_FALSE(continues_a_name("and Bo Chen"));
    CHECK_FALSE(continues_a_name("Northfield"));
    CHECK_FALSE(continues_a_name("de"));
    CHECK(institution_value("\xC3\x89" "cole Sup\xC3\xA9rieure d'Imaginaire, d'Optique et de R\xC3\xAAverie, Northfield") ==
          "\xC3\x89" "cole Sup\xC3\xA9rieure d'Imaginaire, d'Optique et de R\xC3\xAAverie");
}

TEST_CASE("an acronym after a known organization's whole name is its team, not another organization") {
    REQUIRE(institution_value("TAU") == "Tel Aviv University");
    CHECK(institution_value("Inria TAU") == "Inria");              // a team of Inria
    CHECK(institution_value("INRIA TAU team, Saclay") == "Inria");
    CHECK(institution_value("Visiting student, TAU") == "Tel Aviv University");  // no organization before it
}

TEST_CASE("the compiled-in institution table is the full data file") {
    CHECK(institution_count() >= 500);
}

TEST_CASE("an acronym before a university's whole name is that university's short form, not the one the acronym names") {
    // HKU is the University of Hong Kong in the table; "HKU University of the Arts Utrecht" is another school.
    auto alone = find_institution("HKU");
    REQUIRE(alone.has_value());
    CHECK(alone->canonical == "University of Hong Kong");
    auto other = find_institution("HKU University of the Arts Utrecht");
    CHECK((!other.has_value() || other->canonical != "University of Hong Kong"));
    CHECK(institution_value("HKU University of the Arts Utrecht") != "University of Hong Kong");
    // The acronym's own university written after it is still that university.
    auto same = find_institution("HKU The University of Hong Kong");
    REQUIRE(same.has_value());
    CHECK(same->canonical == "University of Hong Kong");
}
