// Parses the profile file given on the command line and prints its name and facets.
#include <cvsearch/cvsearch.hpp>
#include <iostream>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: consumer PROFILE\n";
        return 2;
    }
    try {
        for (const auto& profile : cvsearch::parse_file(argv[1])) {
            std::cout << profile.name << "\n";
            for (const auto& venue : cvsearch::facets_of(profile).venue) std::cout << "venue " << venue << "\n";
        }
        std::cout << "cvsearch " << cvsearch::version() << "\n";
    } catch (const cvsearch::Error& e) {
        std::cerr << e.what() << "\n";
        return 2;
    }
}
