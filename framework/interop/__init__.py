"""Reinforcement-learning interop (extra `dockyard[rl]`): every game as a PettingZoo AEC
environment (`dockyard.interop.pettingzoo.env`) and as an OpenSpiel game (`import
dockyard.interop.openspiel` registers `dockyard_<game>`). Both use `encoding`: a fixed action
index per game (`Game.action_space`) and a numeric observation of the acting player's view."""
